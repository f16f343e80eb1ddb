"""Support-bot sentences in many languages for the held-out part (bench/make_pii_heldout.py): each language has a
sentence with an order, ticket or booking id before the phone number ({id} then {p}), one with the number first, and
one plain sentence. {n} is a person's first name."""

from __future__ import annotations

# lang -> (id first, phone first, plain)
PHONE_SENTENCES: dict[str, tuple[str, str, str]] = {
    "en": (
        "Booking {id} is held under {n}; the driver will ring {p} about 20 minutes before pickup.",
        "I've set {p} as the contact for delivery {id}, so {n} gets the courier's text.",
        "{n}'s mobile on the loyalty account reads {p} - shall I keep it?",
    ),
    "es": (
        "El pedido {id} está a nombre de {n}; el repartidor llamará al {p} antes de llegar.",
        "Hemos registrado el {p} como teléfono de contacto para la incidencia {id}.",
        "El móvil que figura en la ficha de {n} es el {p}.",
    ),
    "ca": (
        "La comanda {id} és a nom de {n}; el missatger trucarà al {p} quan sigui a prop.",
        "He afegit el {p} com a telèfon de contacte de la reserva {id}.",
        "El mòbil de {n} que consta al compte és el {p}.",
    ),
    "pt": (
        "A encomenda {id} está em nome de {n} e o estafeta vai ligar para o {p}.",
        "Atualizei o contacto para {p} no pedido {id}; a {n} receberá um SMS.",
        "O celular cadastrado da {n} é {p}, confere?",
    ),
    "fr": (
        "Pour la commande {id}, le livreur appellera {n} au {p} la veille.",
        "J'ai bien noté le {p} comme numéro de rappel pour le dossier {id}.",
        "Le portable de {n} enregistré chez nous est le {p}.",
    ),
    "de": (
        "Zur Bestellung {id} ruft der Fahrer {n} unter {p} an, bevor er klingelt.",
        "Die Nummer {p} ist jetzt als Rückrufnummer beim Vorgang {id} hinterlegt.",
        "Die Handynummer von {n} lautet laut Kundenkonto {p}.",
    ),
    "it": (
        "L'ordine {id} è intestato a {n}; il corriere chiamerà il {p} prima della consegna.",
        "Ho inserito il {p} come recapito per la pratica {id}.",
        "Il cellulare di {n} che risulta in anagrafica è {p}.",
    ),
    "nl": (
        "Bestelling {id} staat op naam van {n}; de bezorger belt naar {p} als hij in de buurt is.",
        "Ik heb {p} als terugbelnummer gekoppeld aan ticket {id}.",
        "Het mobiele nummer van {n} in ons systeem is {p}.",
    ),
    "ga": (
        "Tá ordú {id} faoi ainm {n}; glaofaidh an tiománaí ar {p} roimh an seachadadh.",
        "Chuir mé {p} leis mar uimhir theagmhála don ticéad {id}.",
        "Is é {p} an uimhir fóin phóca atá againn do {n}.",
    ),
    "pl": (
        "Zamówienie {id} jest na {n}; kurier zadzwoni pod numer {p} przed dostawą.",
        "Numer {p} zapisałem jako kontaktowy do zgłoszenia {id}.",
        "Telefon komórkowy {n} w naszej bazie to {p}.",
    ),
    "cs": (
        "Objednávka {id} je na jméno {n}; kurýr zavolá na {p} před doručením.",
        "Číslo {p} jsem uložil jako kontakt k požadavku {id}.",
        "Mobil zákazníka {n} je u nás veden jako {p}.",
    ),
    "sk": (
        "Objednávka {id} je na meno {n}; kuriér zavolá na {p} pred doručením.",
        "Číslo {p} som uložila ako kontakt k reklamácii {id}.",
        "Mobil, ktorý má {n} v účte, je {p}.",
    ),
    "hu": (
        "A(z) {id} rendelés {n} nevén van; a futár a {p} számon hívja majd.",
        "A {p} számot rögzítettem visszahívási számként a(z) {id} ügyhöz.",
        "{n} mobilszáma a fiókban: {p}.",
    ),
    "ro": (
        "Comanda {id} este pe numele {n}; curierul va suna la {p} înainte de livrare.",
        "Am trecut {p} ca număr de contact pentru tichetul {id}.",
        "Numărul de mobil al lui {n} din cont este {p}.",
    ),
    "bg": (
        "Поръчка {id} е на името на {n}; куриерът ще звънне на {p} преди доставка.",
        "Записах {p} като телефон за връзка по сигнал {id}.",
        "Мобилният номер на {n} в профила е {p}.",
    ),
    "el": (
        "Η παραγγελία {id} είναι στο όνομα {n}· ο κούριερ θα καλέσει στο {p}.",
        "Καταχώρισα το {p} ως τηλέφωνο επικοινωνίας για το αίτημα {id}.",
        "Το κινητό του/της {n} στο προφίλ είναι {p}.",
    ),
    "hr": (
        "Narudžba {id} glasi na {n}; dostavljač će nazvati na {p} prije dolaska.",
        "Broj {p} spremio sam kao kontakt za prijavu {id}.",
        "Mobitel korisnika {n} u sustavu je {p}.",
    ),
    "sl": (
        "Naročilo {id} je na ime {n}; kurir bo poklical na {p} pred dostavo.",
        "Številko {p} sem shranila kot kontakt za zahtevek {id}.",
        "Mobilna številka osebe {n} v računu je {p}.",
    ),
    "sr": (
        "Porudžbina {id} je na ime {n}; kurir će pozvati {p} pre dostave.",
        "Broj {p} sam upisao kao kontakt za reklamaciju {id}.",
        "Мобилни телефон корисника {n} је {p}.",
    ),
    "uk": (
        "Замовлення {id} оформлене на {n}; кур'єр зателефонує на {p} перед доставкою.",
        "Я вказала {p} як контактний номер для звернення {id}.",
        "Мобільний {n} у профілі: {p}.",
    ),
    "ru": (
        "Заказ {id} оформлен на {n}; курьер позвонит по номеру {p} перед приездом.",
        "Номер {p} я привязал к обращению {id} для обратного звонка.",
        "В карточке клиента {n} указан мобильный {p}.",
    ),
    "lt": (
        "Užsakymas {id} yra {n} vardu; kurjeris paskambins numeriu {p}.",
        "Numerį {p} išsaugojau kaip kontaktinį užklausai {id}.",
        "{n} mobiliojo telefono numeris paskyroje: {p}.",
    ),
    "lv": (
        "Pasūtījums {id} ir uz {n} vārda; kurjers zvanīs uz {p} pirms piegādes.",
        "Numuru {p} saglabāju kā kontaktu pieteikumam {id}.",
        "{n} mobilā tālruņa numurs kontā ir {p}.",
    ),
    "et": (
        "Tellimus {id} on {n} nimel; kuller helistab numbril {p} enne kohaletoimetamist.",
        "Salvestasin {p} pöördumise {id} kontaktnumbriks.",
        "Kliendi {n} mobiilinumber kontol on {p}.",
    ),
    "fi": (
        "Tilaus {id} on nimellä {n}; kuljettaja soittaa numeroon {p} ennen toimitusta.",
        "Tallensin numeron {p} tiketin {id} yhteysnumeroksi.",
        "Asiakkaan {n} matkapuhelinnumero tilillä on {p}.",
    ),
    "sv": (
        "Order {id} står på {n}; budet ringer {p} innan leveransen.",
        "Jag har lagt in {p} som kontaktnummer för ärende {id}.",
        "Mobilnumret som {n} har på kontot är {p}.",
    ),
    "nb": (
        "Ordre {id} står på {n}; sjåføren ringer {p} før levering.",
        "Jeg har registrert {p} som kontaktnummer på sak {id}.",
        "Mobilnummeret til {n} i kundeprofilen er {p}.",
    ),
    "da": (
        "Ordre {id} er oprettet i {n}s navn; chaufføren ringer på {p} før levering.",
        "Jeg har gemt {p} som kontaktnummer på sag {id}.",
        "{n}s mobilnummer på kontoen er {p}.",
    ),
    "is": (
        "Pöntun {id} er á nafni {n}; bílstjórinn hringir í {p} fyrir afhendingu.",
        "Ég skráði {p} sem símanúmer fyrir beiðni {id}.",
        "Farsímanúmer {n} á aðganginum er {p}.",
    ),
    "mt": (
        "L-ordni {id} huwa f'isem {n}; ix-xufier se jċempel fuq {p} qabel il-kunsinna.",
        "Daħħalt {p} bħala numru ta' kuntatt għat-talba {id}.",
        "In-numru tal-mowbajl ta' {n} fil-kont huwa {p}.",
    ),
    "sq": (
        "Porosia {id} është në emër të {n}; korrieri do të telefonojë në {p}.",
        "E ruajta {p} si numër kontakti për kërkesën {id}.",
        "Numri celular i {n} në llogari është {p}.",
    ),
    "tr": (
        "{id} numaralı sipariş {n} adına; kurye teslimattan önce {p} numarasını arayacak.",
        "{p} numarasını {id} kayıtlı talep için iletişim numarası olarak ekledim.",
        "{n} hesabında kayıtlı cep telefonu {p}.",
    ),
    "hi": (
        "ऑर्डर {id} {n} के नाम पर है; डिलीवरी से पहले कूरियर {p} पर कॉल करेगा।",
        "मैंने {p} को टिकट {id} के लिए संपर्क नंबर के रूप में जोड़ दिया है।",
        "{n} का खाते में दर्ज मोबाइल नंबर {p} है।",
    ),
    "ur": (
        "آرڈر {id} {n} کے نام پر ہے؛ رائیڈر ڈیلیوری سے پہلے {p} پر کال کرے گا۔",
        "میں نے {p} کو شکایت {id} کے لیے رابطہ نمبر کے طور پر درج کر دیا ہے۔",
        "{n} کا رجسٹرڈ موبائل نمبر {p} ہے۔",
    ),
    "bn": (
        "অর্ডার {id} {n}-এর নামে; ডেলিভারির আগে কুরিয়ার {p} নম্বরে ফোন করবে।",
        "আমি {p} নম্বরটি টিকিট {id}-এর যোগাযোগ নম্বর হিসেবে যোগ করেছি।",
        "{n}-এর অ্যাকাউন্টে থাকা মোবাইল নম্বর {p}।",
    ),
    "ta": (
        "ஆர்டர் {id} {n} பெயரில் உள்ளது; டெலிவரிக்கு முன் {p} எண்ணுக்கு அழைப்பார்கள்.",
        "{p} எண்ணை டிக்கெட் {id}-க்கான தொடர்பு எண்ணாகச் சேர்த்துள்ளேன்.",
        "{n} அவர்களின் கைபேசி எண் {p}.",
    ),
    "ne": (
        "अर्डर {id} {n} को नाममा छ; डेलिभरी अघि कुरियरले {p} मा फोन गर्नेछ।",
        "मैले {p} लाई टिकट {id} को सम्पर्क नम्बरको रूपमा राखेको छु।",
        "{n} को खातामा रहेको मोबाइल नम्बर {p} हो।",
    ),
    "ja": (
        "ご注文{id}は{n}様名義で、配達前にドライバーが{p}へお電話します。",
        "お問い合わせ{id}の折り返し先として{p}を登録しました。",
        "{n}様のご登録携帯番号は{p}です。",
    ),
    "ko": (
        "주문 {id}은 {n}님 명의이며, 배송 전 기사님이 {p}로 연락드립니다.",
        "문의 {id}의 회신 번호로 {p}을 등록해 두었습니다.",
        "{n}님 계정에 등록된 휴대폰 번호는 {p}입니다.",
    ),
    "zh": (
        "订单{id}登记在{n}名下，快递员送货前会拨打{p}。",
        "已将{p}设为工单{id}的回访电话。",
        "{n}账户里登记的手机号码是{p}。",
    ),
    "ms": (
        "Pesanan {id} atas nama {n}; penghantar akan menelefon {p} sebelum tiba.",
        "Saya telah simpan {p} sebagai nombor hubungan untuk tiket {id}.",
        "Nombor telefon bimbit {n} dalam akaun ialah {p}.",
    ),
    "id": (
        "Pesanan {id} atas nama {n}; kurir akan menghubungi {p} sebelum mengantar.",
        "Nomor {p} sudah saya catat sebagai kontak untuk tiket {id}.",
        "Nomor HP {n} yang terdaftar adalah {p}.",
    ),
    "th": (
        "คำสั่งซื้อ {id} เป็นชื่อของคุณ{n} พนักงานส่งจะโทรหาที่ {p} ก่อนจัดส่ง",
        "บันทึกเบอร์ {p} เป็นเบอร์ติดต่อกลับสำหรับเคส {id} แล้วค่ะ",
        "เบอร์มือถือของคุณ{n}ในบัญชีคือ {p}",
    ),
    "vi": (
        "Đơn hàng {id} đứng tên {n}; shipper sẽ gọi số {p} trước khi giao.",
        "Em đã lưu số {p} làm số liên hệ cho phiếu hỗ trợ {id}.",
        "Số di động của {n} trong tài khoản là {p}.",
    ),
    "tl": (
        "Ang order {id} ay nakapangalan kay {n}; tatawag ang rider sa {p} bago dumating.",
        "Inilagay ko ang {p} bilang contact number para sa ticket {id}.",
        "Ang cellphone number ni {n} sa account ay {p}.",
    ),
    "he": (
        "ההזמנה {id} רשומה על שם {n}; השליח יתקשר ל-{p} לפני המסירה.",
        "רשמתי את {p} כמספר לחזרה עבור פנייה {id}.",
        "הנייד של {n} בחשבון הוא {p}.",
    ),
    "ar": (
        "الطلب {id} باسم {n}، وسيتصل المندوب على الرقم {p} قبل التوصيل.",
        "سجّلت الرقم {p} كرقم تواصل للتذكرة {id}.",
        "رقم الجوال المسجّل لـ{n} هو {p}.",
    ),
    "fa": (
        "سفارش {id} به نام {n} ثبت شده و پیک قبل از تحویل با {p} تماس می‌گیرد.",
        "شماره {p} را برای تیکت {id} به‌عنوان شماره تماس ثبت کردم.",
        "شماره همراه {n} در حساب کاربری {p} است.",
    ),
    "ka": (
        "შეკვეთა {id} {n}-ის სახელზეა; კურიერი მიტანამდე დარეკავს ნომერზე {p}.",
        "ნომერი {p} მივუთითე მიმართვის {id} საკონტაქტო ნომრად.",
        "{n}-ის მობილურის ნომერი ანგარიშში არის {p}.",
    ),
    "hy": (
        "{id} պատվերը {n}-ի անունով է, առաքիչը կզանգահարի {p} համարով։",
        "{p} համարը գրանցեցի որպես կոնտակտ {id} հայտի համար։",
        "{n}-ի բջջային համարը հաշվում {p} է։",
    ),
    "mn": (
        "{id} захиалга {n}-ийн нэр дээр байгаа; хүргэгч {p} дугаар руу залгана.",
        "{p} дугаарыг {id} хүсэлтийн холбоо барих дугаараар бүртгэлээ.",
        "{n}-ийн бүртгэлтэй гар утасны дугаар {p}.",
    ),
    "sw": (
        "Oda {id} iko kwa jina la {n}; msafirishaji atapiga {p} kabla ya kufika.",
        "Nimehifadhi {p} kama namba ya mawasiliano ya tiketi {id}.",
        "Namba ya simu ya {n} kwenye akaunti ni {p}.",
    ),
    "af": (
        "Bestelling {id} is op {n} se naam; die koerier sal {p} bel voor aflewering.",
        "Ek het {p} as kontaknommer by saak {id} gestoor.",
        "{n} se selnommer op die rekening is {p}.",
    ),
    "am": (
        "ትዕዛዝ {id} በ{n} ስም ነው፤ አድራሹ ከማድረሱ በፊት ወደ {p} ይደውላል።",
        "{p}ን ለትኬት {id} የመገናኛ ቁጥር አድርጌ መዝግቤያለሁ።",
        "የ{n} ሞባይል ቁጥር {p} ነው።",
    ),
}

NAMES: dict[str, list[str]] = {
    "en": ["Chloe", "Marcus", "Aisha", "Declan", "Priya", "Tomasz"],
    "es": ["Lucía", "Mateo", "Ximena", "Joaquín"], "ca": ["Jordi", "Montse", "Pau", "Núria"],
    "pt": ["Joana", "Thiago", "Inês", "Rafael"], "fr": ["Élodie", "Bastien", "Inès", "Mathis"],
    "de": ["Jana", "Lukas", "Henrike", "Mats"], "it": ["Chiara", "Lorenzo", "Giulia", "Matteo"],
    "nl": ["Sanne", "Daan", "Fleur", "Bram"], "ga": ["Aoife", "Cian", "Niamh", "Oisín"],
    "pl": ["Zofia", "Kacper", "Agnieszka", "Bartosz"], "cs": ["Tereza", "Vojtěch", "Klára"],
    "sk": ["Zuzana", "Marek", "Lucia"], "hu": ["Réka", "Bence", "Zsófia"], "ro": ["Ioana", "Andrei", "Bianca"],
    "bg": ["Десислава", "Георги", "Мария"], "el": ["Ελένη", "Γιώργος", "Δήμητρα"], "hr": ["Ivana", "Luka", "Petra"],
    "sl": ["Nina", "Žiga", "Maja"], "sr": ["Milica", "Nemanja", "Jelena"], "uk": ["Оксана", "Тарас", "Ірина"],
    "ru": ["Айгерим", "Дмитрий", "Ольга"], "lt": ["Gintarė", "Mantas", "Rūta"], "lv": ["Laura", "Kārlis", "Ilze"],
    "et": ["Kadri", "Rasmus", "Liis"], "fi": ["Aino", "Eetu", "Veera"], "sv": ["Ebba", "Linnea", "Oskar"],
    "nb": ["Ingrid", "Sindre", "Thea"], "da": ["Freja", "Magnus", "Ida"], "is": ["Guðrún", "Snorri", "Sigga"],
    "mt": ["Maria", "Ġorġ", "Rebekka"], "sq": ["Arta", "Besnik", "Drita"], "tr": ["Elif", "Emre", "Zeynep"],
    "hi": ["अनन्या", "राहुल", "कविता"], "ur": ["عائشہ", "بلال", "فاطمہ"], "bn": ["তানিয়া", "রাকিব", "সুমি"],
    "ta": ["கவிதா", "அருண்", "மீனா"], "ne": ["सीता", "बिकास", "प्रिया"], "ja": ["佐藤", "高橋", "中村"],
    "ko": ["김민지", "이준호", "박서연"], "zh": ["王芳", "李强", "陈静"], "ms": ["Nurul", "Hafiz", "Siti"],
    "id": ["Dewi", "Rizky", "Putri"], "th": ["สมชาย", "นภา", "วิภา"], "vi": ["Lan", "Minh", "Thảo"],
    "tl": ["Maricel", "Jomar", "Liza"], "he": ["נועה", "איתי", "מיכל"], "ar": ["ليلى", "خالد", "ريم"],
    "fa": ["مریم", "رضا", "نگار"], "ka": ["ნინო", "გიორგი", "თამარი"], "hy": ["Անի", "Արամ", "Լիլիթ"],
    "mn": ["Сарнай", "Бат-Эрдэнэ", "Оюун"], "sw": ["Amani", "Neema", "Baraka"], "af": ["Annelie", "Pieter", "Riaan"],
    "am": ["ሰላም", "ዳዊት", "ሄለን"],
}  # fmt: skip

# numbers named only by what is around them: no word for phone, mobile or call
CONTEXT_ONLY = [
    ("en", "{n} says the best way to reach her after 6 pm is {p}."),
    ("en", "Leave a voicemail for {n} at {p} if the gate is locked."),
    ("en", "If the courier gets lost, {n} asked that he try {p} rather than the front desk."),
    ("en", "Text {p} when you're outside and {n} will come down."),
    ("es", "{n} pide que le escribas por WhatsApp al {p} si no está en casa."),
    ("fr", "Si personne n'ouvre, {n} demande d'envoyer un SMS au {p}."),
    ("de", "Wenn niemand öffnet, bitte eine SMS an {p} schicken, sagt {n}."),
    ("pt", "Se ninguém atender a porta, mande mensagem para {n} no {p}."),
    ("it", "Se il portone è chiuso, scrivi a {n} su WhatsApp al {p}."),
    ("nl", "Als niemand opendoet, app {n} even op {p}."),
]
