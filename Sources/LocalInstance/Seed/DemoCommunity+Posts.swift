extension DemoCommunity {
    /// Hand-written posts of the last five days, oldest first: threads, replies, warnings, polls, media,
    /// mentions, direct messages, quotes, edits, links with cards and custom emoji. Indexes (`replyTo`,
    /// `quote`) are within this list.
    static let posts: [Post] = [
        // 0
        Post(author: "tom", language: "en", text: "Good morning! First coffee, first bug. The bug is winning, but the coffee is excellent."),
        // 1
        Post(author: "lucia", language: "es", text: "Recordatorio amable: el contraste no es un capricho estético. Con un 4,5:1 como mínimo, mucha más gente puede leer tu web. #accesibilidad"),
        // 2
        Post(author: "marta", language: "ca", text: "Aquest mes el club de lectura llegeix «Mecanoscrit del segon origen». Ens trobem dijous a les set a la biblioteca. També el tenim en audiollibre! #llibres"),
        // 3
        Post(author: "amara", language: "en", text: "Tonight on the show: the steel band from the estate next door, and Mrs Adeyemi's story about the winter the river froze. Tune in at eight.",
             media: ["Five teenagers with steel pans in a community hall, mid-laugh, sunlight through tall windows."]),
        // 4
        Post(author: "tom", language: "en", text: "@lucia Do you have a favourite tool for checking contrast from the command line? Asking for a friend who is me.", replyTo: 1),
        // 5
        Post(author: "lucia", language: "es", text: "@tom ¡Claro! Uso un script pequeño que calcula la relación entre dos colores. Te lo paso luego por aquí.", replyTo: 4),
        // 6
        Post(author: "jordi", language: "ca", text: "Avui la massa mare ha pujat com mai. Deu ser la calor. Primer pa a les sis i ja no en queda cap. #pa"),
        // 7
        Post(author: "nora", language: "en", text: "A grey heron stood perfectly still by the Water of Leith for twenty minutes. So did I. Neither of us caught anything.",
             media: ["A grey heron standing on one leg in shallow brown water, reeds behind it, early morning mist."]),
        // 8
        Post(author: "pablo", language: "es", text: "Examen de Historia Moderna mañana. Mis apuntes sobre la Guerra de Sucesión están a vuestra disposición, sin garantías de caligrafía.",
             media: [nil]),
        // 9
        Post(author: "parlatips", language: "en", text: "Tip: press F1 on any screen to hear what every key does there. The help is read from the same table the keys use, so it is always up to date. #ParlaTips"),
        // 10
        Post(author: "tom", language: "en", text: "Poll for screen reader users: how fast do you listen to speech day to day?",
             poll: ["Default speed", "A bit faster", "Much faster", "So fast nobody else understands it"], pollHours: 48),
        // 11
        Post(author: "marta", language: "ca", text: "Quin dia preferiu per a la propera trobada del club de lectura?",
             poll: ["Dimarts", "Dijous", "Dissabte al matí"], pollHours: 72),
        // 12
        Post(author: "lucia", language: "es", text: "¿Qué tamaño de letra usáis en la terminal?",
             poll: ["Menos de 14 puntos", "Entre 14 y 20", "Más de 20", "Uso lupa de pantalla"], pollHours: -6),
        // 13
        Post(author: "tom", language: "en", text: "Finished the series last night. I have feelings about that last episode and I need to talk about them.",
             spoiler: "Spoilers: the final episode of The Long Tide"),
        // 14
        Post(author: "amara", language: "en", text: "@tom No! I am two episodes behind. Do not say a word until Sunday.", replyTo: 13),
        // 15
        Post(author: "tom", language: "en", text: "@amara My lips are sealed. My screen reader, however, reads everything aloud on the bus, so sit far away.", replyTo: 14),
        // 16
        Post(author: "jordi", language: "es", text: "Receta rápida de coca de llanda para el fin de semana: tres huevos, un vaso de azúcar, uno de aceite, uno de leche y harina hasta que quede fina. Cuarenta minutos al horno. #recetas"),
        // 17
        Post(author: "lucia", language: "es", text: "Hoy tocó hablar de salud mental y trabajo en remoto. Me ha costado, pero creo que ayuda contarlo.",
             spoiler: "Salud mental"),
        // 18
        Post(author: "owner", language: "en", text: "Hello, everyone! Trying out Parla on my own little instance. It talks to me, which is more than my kettle does."),
        // 19
        Post(author: "marta", language: "ca", text: "@owner Benvingut! Si vols recomanacions de llibres en català, ja saps on trobar-me.", replyTo: 18),
        // 20
        Post(author: "tom", language: "en", text: "@owner Welcome aboard. Tip from a heavy user: turn the verbosity down once you know your way around.", replyTo: 18),
        // 21
        Post(author: "nora", language: "en", text: "Robin on the bird table this morning, puffed up against the frost like a small angry tangerine. #birds",
             media: ["A round robin with a bright orange breast sitting on a frosty wooden bird table, scattered seeds around it."]),
        // 22
        Post(author: "pablo", language: "es", text: "Lentejas de estudiante: lentejas, una zanahoria, media cebolla, pimentón y paciencia. Salen cuatro raciones y un apunte subrayado. #recetas",
             media: [nil, "Un plato hondo de lentejas con zanahoria en una mesa llena de apuntes."]),
        // 23
        Post(author: "amara", language: "en", text: "Content note for tonight's show: we talk about the fire at the tower block and the people we lost. Helplines are on our page.",
             spoiler: "Grief, fire"),
        // 24
        Post(author: "tom", language: "en", text: "@owner Hey, are you coming to the accessibility meetup on Thursday? I can save you a seat near the front.", visibility: "direct"),
        // 25
        Post(author: "owner", language: "en", text: "@tom Yes, I would love to. Near the front sounds perfect, thank you!", visibility: "direct", replyTo: 24),
        // 26
        Post(author: "lucia", language: "es", text: "@owner Te paso el enlace al documento de pautas que comentamos: https://www.w3.org/WAI/standards-guidelines/wcag/ Dime si te sirve.", visibility: "direct"),
        // 27
        Post(author: "marta", language: "ca", text: "Nova secció d'audiollibres a la biblioteca: més de tres-cents títols en català i castellà, i reproductors per prestar. #llibres #accessibilitat",
             media: ["Una prestatgeria baixa amb capses d'audiollibres de colors i un cartell amb lletra grossa."]),
        // 28
        Post(author: "jordi", language: "ca", text: "@marta Us porto unes coques per a la trobada del club de dijous? Només cal que em digueu quants sereu.", replyTo: 2),
        // 29
        Post(author: "marta", language: "ca", text: "@jordi Serem uns dotze! Moltes gràcies, ets un sol.", replyTo: 28),
        // 30
        Post(author: "parlatips", language: "es", text: "Consejo: con Tab pasas de un control al siguiente y Parla te dice qué es y cuál es su valor. Mayúsculas y Tab vuelve atrás. #ParlaTips"),
        // 31
        Post(author: "parlatips", language: "ca", text: "Consell: si un missatge té un avís de contingut, Parla et llegeix primer l'avís i el text només quan el demanes. #ParlaTips"),
        // 32
        Post(author: "nora", language: "en", text: "Which bird should I try to photograph next weekend? Votes welcome, multiple choices allowed.",
             poll: ["Kingfisher", "Dipper", "Goldfinch"], pollHours: 96, pollMultiple: true),
        // 33
        Post(author: "pablo", language: "es", text: "Gol en el último minuto y el bar entero se ha levantado a la vez. Qué manera de terminar la semana. #fútbol"),
        // 34
        Post(author: "tom", language: "en", text: "Today's small win: I can now reach every setting in our app without the mouse. Tab order fixed, labels fixed, focus visible. #a11y"),
        // 35
        Post(author: "lucia", language: "es", text: "@tom ¡Enhorabuena! Eso es justo lo que más se nota en el día a día.", replyTo: 34),
        // 36
        Post(author: "amara", language: "en", text: "Thank you to everyone who phoned in tonight. Forty-three calls, two marriage proposals (both declined), one lost cat found. Good show."),
        // 37
        Post(author: "jordi", language: "es", text: "Mañana cerramos a mediodía por inventario. El pan de centeno lo tendréis igualmente a primera hora."),
        // 38
        Post(author: "owner", language: "en", text: "Reading the home timeline with my eyes closed, just listening. It is strangely relaxing. #accessibility"),
        // 39
        Post(author: "marta", language: "ca", text: "@owner Doncs prova a escoltar els posts en català amb la veu catalana, sona molt millor que amb l'anglesa!", replyTo: 38),
        // 40
        Post(author: "nora", language: "en", text: "Sad sight at the loch today: a swan tangled in fishing line. The wildlife rescue came within the hour and she is recovering.",
             spoiler: "Injured animal (recovering)", media: ["Two rescuers in waders lifting a swan wrapped in a towel into a carrier."]),
        // 41
        Post(author: "pablo", language: "es", text: "@lucia ¿Tienes alguna guía sencilla para hacer presentaciones accesibles? Tengo que exponer el viernes.", replyTo: 1),
        // 42
        Post(author: "lucia", language: "es", text: "@pablo Letra grande, poco texto por diapositiva, buen contraste y describe en voz alta cada imagen. Con eso ya vas muy bien.", replyTo: 41),
        // 43
        Post(author: "tom", language: "en", text: "Unpopular opinion: a terminal app with good focus handling beats most web apps for screen reader users. Fight me (politely)."),
        // 44
        Post(author: "amara", language: "en", text: "@owner We are doing a show about local tech projects next month. Would you like to come on and talk about Parla?"),
        // 45
        Post(author: "parlatips", language: "en", text: "Tip: the budget of server calls is yours to hear. Ask Parla how many requests are left before the rate limit resets. #ParlaTips"),
        // 46
        Post(author: "tom", language: "en", text: "This, a hundred times. And check it in dark mode as well: half the contrast bugs I find only show up at night.",
             quote: 1),
        // 47
        Post(author: "lucia", language: "es", text: "Para quien me lo preguntó ayer: aquí está el resumen oficial de las pautas WCAG, con enlaces a todo lo demás. https://www.w3.org/WAI/standards-guidelines/wcag/ #accesibilidad"),
        // 48
        Post(author: "nora", language: "en", text: "For everyone who asked about my weir-side friend :heron: the RSPB has a lovely page on grey herons. https://www.rspb.org.uk/birds-and-wildlife/grey-heron #birds"),
        // 49
        Post(author: "jordi", language: "ca", text: "Diumenge, festa dels vint anys del forn: obrim de vuit a dues i hi haurà coca per a tothom.",
             edits: ["Diumenge, festa dels vint anys del forn: obrim de set a dues i hi haurà coca i xocolata per a tothom. :bread_loaf:"]),
        // 50
        Post(author: "pablo", language: "es", text: "Opinión impopular: los exámenes a las ocho de la mañana deberían estar prohibidos por la Convención de Ginebra.",
             deleted: true),
        // 51
        Post(author: "marta", language: "ca", text: "Hi estic d'acord, i jo que obro la biblioteca a les vuit cada dia!", quote: 50),
        // 52
        Post(author: "pablo", language: "es", text: "Totalmente. Aunque yo añadiría: una terminal bien hecha también es mejor para estudiar con lector de pantalla.",
             quote: 43, quoteState: "pending"),
        // 53
        Post(author: "owner", language: "en", text: "One week with Parla. My favourite key so far is F1.",
             edits: ["One week with Parla. My favourite key so far is F1, because it never judges me for asking again."]),
        // 54
        Post(author: "lucia", language: "es", text: "Ayer terminé por fin «The Long Tide». No voy a contar nada, solo que he llorado en el sofá con la lupa en la mano."),
        // 55
        Post(author: "amara", language: "en", text: "This is why we make radio: people listening closely to each other. :radio_on: :blobcat_dance:", quote: 38),
        // 56
        Post(author: "pablo", language: "es", text: "Segunda parte del derbi en la radio del bar y el camarero narrando por encima. Mejor que la retransmisión oficial. #fútbol"),
        // 57
        Post(author: "tom", language: "en", text: "People keep asking what voice I listen to all day. It is this one, and it is free software: https://github.com/espeak-ng/espeak-ng"),
        // 58
        Post(author: "parlatips", language: "en", text: "Tip: filters you set on your server work in Parla too. A warning filter says \"Filtered\" and its name first; a hiding filter keeps the post out of your way. :parla: #ParlaTips"),
    ]
}
