"""Support-bot sentences of the held-out part (bench/make_pii_tuned12.py) in the languages of its phone regions:
per language, replies that name an order, ticket or booking id before the number (``idf``), after it (``pf``), and
replies where only the context says the value is a number to call (``ctx``). ``{p}`` is the phone, ``{i}`` the id.
``words`` are the field names a record in that language uses: (phone, order, name)."""

from __future__ import annotations

LANGS: dict[str, dict[str, object]] = {
    "en": {
        "words": ("Phone", "Order no.", "Name"),
        "idf": [
            "Order {i} is out for delivery; the driver will ring {p} if nobody answers the door.",
            "Ticket {i} was escalated - a technician will call you back on {p} before noon.",
            "For booking {i} the guest left {p} as the contact number.",
        ],
        "pf": [
            "I've updated the callback number to {p} and attached it to case {i}.",
            "The courier tried {p} twice; the parcel (tracking {i}) is back at the depot.",
        ],
        "ctx": [
            "If the gate is locked, the driver should just ring {p} and Mrs Adeyemi will come down.",
            "She said to try {p} after six, that's the landline at her sister's.",
        ],
    },
    "es": {
        "words": ("Teléfono", "Pedido", "Nombre"),
        "idf": [
            "El pedido {i} ya salió del almacén; el repartidor llamará al {p} antes de llegar.",
            "Sobre la incidencia {i}: un técnico se pondrá en contacto con usted en el {p}.",
            "Para la reserva {i} figura como teléfono de contacto el {p}.",
        ],
        "pf": [
            "He cambiado el número de contacto a {p} en la solicitud {i}.",
            "Marcamos al {p} dos veces sin respuesta, así que el envío {i} quedó en la sucursal.",
        ],
        "ctx": [
            "Si no encuentra la dirección, que pregunte por doña Rosa al {p} y ella le abre el portón.",
            "Me dijo que le marquen al {p} en horario de oficina.",
        ],
    },
    "ca": {
        "words": ("Telèfon", "Comanda", "Nom"),
        "idf": ["La comanda {i} surt avui; el missatger trucarà al {p} quan sigui a prop."],
        "pf": ["He desat el {p} com a telèfon de contacte de la incidència {i}."],
        "ctx": ["Si no respon ningú al timbre, que truquin al {p} i baixarà la veïna."],
    },
    "pt": {
        "words": ("Telefone", "Pedido", "Nome"),
        "idf": [
            "O pedido {i} saiu para entrega; o entregador vai ligar para {p} ao chegar.",
            "Protocolo {i}: a equipe técnica retorna a ligação no {p} até amanhã.",
        ],
        "pf": [
            "Atualizei o contato para {p} no chamado {i}, tudo certo.",
            "Tentamos o {p} e caiu na caixa postal - a encomenda {i} ficou na agência.",
        ],
        "ctx": ["Qualquer coisa é só chamar no zap: {p}, fala com a Dona Célia."],
    },
    "fr": {
        "words": ("Téléphone", "Commande", "Nom"),
        "idf": [
            "Votre commande {i} est en cours de livraison ; le livreur appellera le {p} à son arrivée.",
            "Dossier {i} : un conseiller vous rappellera au {p} demain matin.",
            "Pour la réservation {i}, le numéro indiqué est le {p}.",
        ],
        "pf": [
            "J'ai bien noté le {p} comme numéro de rappel pour la demande {i}.",
            "Le transporteur a essayé de joindre le {p} ; le colis {i} est en point relais.",
        ],
        "ctx": ["En cas de souci avec le digicode, composez le {p}, c'est la gardienne."],
    },
    "ga": {
        "words": ("Fón", "Ordú", "Ainm"),
        "idf": ["Tá ordú {i} ar an mbealach; glaofaidh an tiománaí ar {p} nuair a bheidh sé gar duit."],
        "pf": ["Chuir mé {p} leis an gcás {i} mar uimhir theagmhála."],
        "ctx": ["Má bhíonn an geata dúnta, glaoigh ar {p} agus osclóidh Máire é."],
    },
    "nl": {
        "words": ("Telefoon", "Bestelnummer", "Naam"),
        "idf": [
            "Bestelling {i} wordt vandaag bezorgd; de koerier belt {p} als er niemand opendoet.",
            "Melding {i}: een monteur neemt contact op via {p}.",
        ],
        "pf": ["Ik heb {p} als terugbelnummer gekoppeld aan ticket {i}."],
        "ctx": ["Staat de poort dicht? Bel dan even {p}, dan komt meneer Jansen naar beneden."],
    },
    "de": {
        "words": ("Telefon", "Bestellnummer", "Name"),
        "idf": [
            "Ihre Bestellung {i} ist unterwegs; der Fahrer ruft unter {p} an, falls niemand öffnet.",
            "Zum Vorgang {i}: Ein Techniker meldet sich morgen unter {p} bei Ihnen.",
            "Für die Buchung {i} ist als Rückrufnummer {p} hinterlegt.",
        ],
        "pf": [
            "Ich habe die Rückrufnummer {p} im Ticket {i} eingetragen.",
            "Der Zusteller hat es unter {p} versucht; die Sendung {i} liegt jetzt in der Filiale.",
        ],
        "ctx": ["Bei Fragen zur Anfahrt einfach kurz bei Frau Öztürk durchklingeln: {p}."],
    },
    "it": {
        "words": ("Telefono", "Ordine", "Nome"),
        "idf": [
            "L'ordine {i} è in consegna: il corriere chiamerà il {p} prima di passare.",
            "Pratica {i}: un operatore la richiamerà al {p} entro domani.",
        ],
        "pf": ["Ho registrato il {p} come recapito per la segnalazione {i}."],
        "ctx": ["Se il citofono non funziona, faccia uno squillo al {p} e scende la signora Bianchi."],
    },
    "mt": {
        "words": ("Telefon", "Ordni", "Isem"),
        "idf": ["L-ordni {i} ħiereġ illum; ix-xufier se jċempel fuq {p} meta jasal."],
        "pf": ["Żidt {p} bħala n-numru ta' kuntatt fil-każ {i}."],
        "ctx": ["Jekk ma ssibx il-bieb, ċempel lil {p} u tinżel is-sinjura Borg."],
    },
    "pl": {
        "words": ("Telefon", "Nr zamówienia", "Imię i nazwisko"),
        "idf": [
            "Zamówienie {i} jest w drodze; kurier zadzwoni pod {p} przed doręczeniem.",
            "Zgłoszenie {i}: serwisant oddzwoni na numer {p} jutro rano.",
        ],
        "pf": ["Zapisałem {p} jako numer kontaktowy w sprawie {i}."],
        "ctx": ["Gdyby domofon nie działał, proszę puścić sygnał na {p}, zejdzie pani Nowak."],
    },
    "cs": {
        "words": ("Telefon", "Číslo objednávky", "Jméno"),
        "idf": ["Objednávka {i} je na cestě; kurýr zavolá na {p}, než dorazí."],
        "pf": ["Číslo {p} jsem uložil jako kontakt k požadavku {i}."],
        "ctx": ["Kdyby byla brána zamčená, prozvoňte {p}, paní Dvořáková přijde otevřít."],
    },
    "sk": {
        "words": ("Telefón", "Číslo objednávky", "Meno"),
        "idf": ["Objednávka {i} je na ceste; kuriér vám zavolá na {p}."],
        "pf": ["Číslo {p} som pridal ako kontakt k reklamácii {i}."],
        "ctx": ["Ak bude brána zatvorená, stačí prezvoniť {p} a pán Horváth otvorí."],
    },
    "hu": {
        "words": ("Telefon", "Rendelésszám", "Név"),
        "idf": ["A(z) {i} számú rendelés úton van; a futár a {p} számon jelez érkezés előtt."],
        "pf": ["A {p} számot rögzítettem visszahívási számként a(z) {i} bejelentéshez."],
        "ctx": ["Ha zárva a kapu, csörgesse meg a {p} számot, és Kovácsné lejön."],
    },
    "ro": {
        "words": ("Telefon", "Nr. comandă", "Nume"),
        "idf": ["Comanda {i} a plecat spre dumneavoastră; curierul va suna la {p} înainte de livrare."],
        "pf": ["Am trecut {p} ca număr de contact pentru tichetul {i}."],
        "ctx": ["Dacă interfonul nu merge, dați un beep la {p} și coboară doamna Popescu."],
    },
    "bg": {
        "words": ("Телефон", "Поръчка №", "Име"),
        "idf": ["Поръчка {i} е предадена на куриер; той ще звънне на {p} преди доставка."],
        "pf": ["Записах {p} като телефон за връзка по сигнал {i}."],
        "ctx": ["Ако входът е заключен, звъннете на {p} и г-жа Петрова ще слезе."],
    },
    "el": {
        "words": ("Τηλέφωνο", "Αρ. παραγγελίας", "Όνομα"),
        "idf": ["Η παραγγελία {i} έχει αποσταλεί· ο κούριερ θα καλέσει στο {p} πριν έρθει."],
        "pf": ["Καταχώρισα το {p} ως τηλέφωνο επικοινωνίας για το αίτημα {i}."],
        "ctx": ["Αν δεν βρίσκει το σπίτι, ας πάρει ένα τηλέφωνο στο {p}, είναι η κυρία Παπαδάκη."],
    },
    "hr": {
        "words": ("Telefon", "Broj narudžbe", "Ime"),
        "idf": ["Narudžba {i} je poslana; dostavljač će nazvati na {p} prije dolaska."],
        "pf": ["Upisao sam {p} kao kontakt broj za prijavu {i}."],
        "ctx": ["Ako su vrata zaključana, neka samo nazove {p} pa će gospođa Horvat sići."],
    },
    "sl": {
        "words": ("Telefon", "Št. naročila", "Ime"),
        "idf": ["Naročilo {i} je na poti; dostavljavec bo poklical na {p}."],
        "pf": ["Številko {p} sem dodal kot kontakt k zahtevku {i}."],
        "ctx": ["Če je vhod zaklenjen, pokličite {p}, gospa Novak bo odprla."],
    },
    "sr": {
        "words": ("Телефон", "Број поруџбине", "Име"),
        "idf": ["Поруџбина {i} је послата; курир ће позвати {p} пре доставе."],
        "pf": ["Унео сам {p} као контакт телефон за пријаву {i}."],
        "ctx": ["Ако је капија закључана, нека позове {p} и госпођа Јовић ће отворити."],
    },
    "uk": {
        "words": ("Телефон", "№ замовлення", "Ім'я"),
        "idf": ["Замовлення {i} передано кур'єру; він зателефонує на {p} перед доставкою."],
        "pf": ["Я вказав {p} як номер для зворотного дзвінка у зверненні {i}."],
        "ctx": ["Якщо домофон не працює, наберіть {p}, пані Оксана спуститься."],
    },
    "ru": {
        "words": ("Телефон", "№ заказа", "Имя"),
        "idf": ["Заказ {i} передан в доставку; курьер позвонит на {p} за час до приезда."],
        "pf": ["Я записал {p} как контактный номер по обращению {i}."],
        "ctx": ["Если шлагбаум закрыт, пусть наберёт {p}, охранник откроет."],
    },
    "lt": {
        "words": ("Telefonas", "Užsakymo nr.", "Vardas"),
        "idf": ["Užsakymas {i} išsiųstas; kurjeris paskambins numeriu {p}."],
        "pf": ["Įrašiau {p} kaip kontaktinį numerį užklausai {i}."],
        "ctx": ["Jei vartai uždaryti, tegul paskambina {p}, ponia Rūta atidarys."],
    },
    "lv": {
        "words": ("Tālrunis", "Pasūtījuma nr.", "Vārds"),
        "idf": ["Pasūtījums {i} ir ceļā; kurjers piezvanīs uz {p} pirms piegādes."],
        "pf": ["Ierakstīju {p} kā kontakttālruni pieteikumam {i}."],
        "ctx": ["Ja vārti ir slēgti, lai piezvana uz {p}, kundze Liepa atvērs."],
    },
    "et": {
        "words": ("Telefon", "Tellimuse nr", "Nimi"),
        "idf": ["Tellimus {i} on teel; kuller helistab enne tulekut numbrile {p}."],
        "pf": ["Lisasin pöördumisele {i} tagasihelistamise numbri {p}."],
        "ctx": ["Kui värav on lukus, helistage {p}, proua Tamm tuleb avama."],
    },
    "fi": {
        "words": ("Puhelin", "Tilausnumero", "Nimi"),
        "idf": ["Tilaus {i} on matkalla; kuljettaja soittaa numeroon {p} ennen saapumista."],
        "pf": ["Lisäsin numeron {p} yhteystiedoksi tukipyyntöön {i}."],
        "ctx": ["Jos ovi on lukossa, soita {p}, niin talonmies tulee avaamaan."],
    },
    "sv": {
        "words": ("Telefon", "Ordernummer", "Namn"),
        "idf": [
            "Order {i} är på väg; budet ringer {p} innan leverans.",
            "Ärende {i}: en tekniker ringer upp dig på {p} i morgon.",
        ],
        "pf": ["Jag har lagt in {p} som kontaktnummer på ärende {i}."],
        "ctx": ["Om porten är låst kan chauffören slå en signal till {p}, så kommer Karin ner."],
    },
    "nb": {
        "words": ("Telefon", "Ordrenummer", "Navn"),
        "idf": ["Ordre {i} er sendt; sjåføren ringer {p} før levering."],
        "pf": ["Jeg har registrert {p} som kontaktnummer på sak {i}."],
        "ctx": ["Er porten låst, kan han bare ringe {p}, så kommer Ingrid ned."],
    },
    "da": {
        "words": ("Telefon", "Ordrenummer", "Navn"),
        "idf": ["Ordre {i} er afsendt; chaufføren ringer på {p} inden levering."],
        "pf": ["Jeg har noteret {p} som kontaktnummer på sag {i}."],
        "ctx": ["Hvis porten er låst, så ring bare til {p}, så lukker viceværten op."],
    },
    "is": {
        "words": ("Sími", "Pöntunarnúmer", "Nafn"),
        "idf": ["Pöntun {i} er á leiðinni; bílstjórinn hringir í {p} áður en hann kemur."],
        "pf": ["Ég skráði {p} sem símanúmer í máli {i}."],
        "ctx": ["Ef hliðið er læst, hringdu bara í {p} og Guðrún kemur niður."],
    },
    "tr": {
        "words": ("Telefon", "Sipariş No", "Ad Soyad"),
        "idf": [
            "{i} numaralı siparişiniz yola çıktı; kurye teslimattan önce {p} numarasını arayacak.",
            "{i} numaralı talep için teknik ekip sizi {p} üzerinden arayacak.",
        ],
        "pf": ["{p} numarasını {i} numaralı kayda iletişim numarası olarak ekledim."],
        "ctx": ["Kapı kapalıysa {p} numarasını çaldırsın, kapıcı açar."],
    },
    "he": {
        "words": ("טלפון", "מס' הזמנה", "שם"),
        "idf": ["הזמנה {i} יצאה למשלוח; השליח יתקשר ל-{p} לפני ההגעה."],
        "pf": ["עדכנתי את {p} כמספר לחזרה בפנייה {i}."],
        "ctx": ["אם השער נעול, שיתקשר ל-{p} ורחל תרד לפתוח."],
    },
    "ar": {
        "words": ("الهاتف", "رقم الطلب", "الاسم"),
        "idf": [
            "طلبك رقم {i} في الطريق، وسيتصل المندوب على {p} قبل الوصول.",
            "بخصوص البلاغ {i}: سيتواصل معك الفني على الرقم {p} غداً.",
        ],
        "pf": ["تم تسجيل {p} كرقم للتواصل في التذكرة {i}."],
        "ctx": ["إذا كانت البوابة مغلقة، يتصل على {p} وسينزل الحارس."],
    },
    "hi": {
        "words": ("फ़ोन", "ऑर्डर नंबर", "नाम"),
        "idf": [
            "आपका ऑर्डर {i} डिलीवरी के लिए निकल चुका है; डिलीवरी बॉय {p} पर कॉल करेगा।",
            "शिकायत {i} के लिए हमारा तकनीशियन आपको {p} पर कल सुबह कॉल करेगा।",
        ],
        "pf": ["मैंने {p} को टिकट {i} में संपर्क नंबर के रूप में जोड़ दिया है।"],
        "ctx": ["अगर गेट बंद हो तो {p} पर मिस्ड कॉल दे दीजिए, चौकीदार खोल देगा।"],
    },
    "ur": {
        "words": ("فون", "آرڈر نمبر", "نام"),
        "idf": ["آپ کا آرڈر {i} روانہ ہو چکا ہے؛ رائیڈر پہنچنے سے پہلے {p} پر کال کرے گا۔"],
        "pf": ["میں نے {p} کو شکایت {i} میں رابطہ نمبر کے طور پر درج کر دیا ہے۔"],
        "ctx": ["اگر گیٹ بند ہو تو {p} پر بیل دے دیں، چوکیدار کھول دے گا۔"],
    },
    "bn": {
        "words": ("ফোন", "অর্ডার নম্বর", "নাম"),
        "idf": ["আপনার অর্ডার {i} রওনা হয়েছে; ডেলিভারিম্যান {p} নম্বরে ফোন করবেন।"],
        "pf": ["{p} নম্বরটি টিকিট {i}-এ যোগাযোগের নম্বর হিসেবে যোগ করেছি।"],
        "ctx": ["গেট বন্ধ থাকলে {p} নম্বরে একটা মিসড কল দিন, দারোয়ান খুলে দেবে।"],
    },
    "ne": {
        "words": ("फोन", "अर्डर नम्बर", "नाम"),
        "idf": ["तपाईंको अर्डर {i} पठाइएको छ; डेलिभरी गर्नेले {p} मा फोन गर्नुहुनेछ।"],
        "pf": ["मैले {p} लाई टिकट {i} मा सम्पर्क नम्बरको रूपमा राखेको छु।"],
        "ctx": ["गेट बन्द भए {p} मा फोन गर्नुहोस्, दाइ आएर खोल्नुहुन्छ।"],
    },
    "ja": {
        "words": ("電話番号", "注文番号", "氏名"),
        "idf": [
            "ご注文{i}は本日発送しました。配達員が到着前に{p}へお電話します。",
            "お問い合わせ番号{i}の件、担当者より{p}に折り返しご連絡いたします。",
        ],
        "pf": ["{p}を予約{i}の連絡先として登録しました。"],
        "ctx": ["オートロックで入れない場合は{p}まで鳴らしてください、管理人が開けます。"],
    },
    "ko": {
        "words": ("전화번호", "주문번호", "이름"),
        "idf": [
            "주문 {i}은 배송 중이며, 기사님이 도착 전에 {p}로 연락드립니다.",
            "접수번호 {i} 건은 담당자가 {p}로 회신 전화를 드릴 예정입니다.",
        ],
        "pf": ["{p}를 문의 {i}의 연락처로 등록해 두었습니다."],
        "ctx": ["공동현관이 잠겨 있으면 {p}로 전화 주시면 경비실에서 열어드립니다."],
    },
    "zh": {
        "words": ("电话", "订单号", "姓名"),
        "idf": [
            "您的订单{i}已发货，快递员送达前会拨打{p}联系您。",
            "工单{i}已升级，工程师将通过{p}与您联系。",
        ],
        "pf": ["已将{p}登记为预订{i}的联系电话。"],
        "ctx": ["如果小区门禁进不去，直接打{p}，物业会来开门。"],
    },
    "ms": {
        "words": ("Telefon", "No. pesanan", "Nama"),
        "idf": ["Pesanan {i} sedang dihantar; penghantar akan menelefon {p} sebelum tiba."],
        "pf": ["Saya telah simpan {p} sebagai nombor hubungan untuk tiket {i}."],
        "ctx": ["Kalau pagar berkunci, call je {p}, Kak Ros akan turun buka."],
    },
    "id": {
        "words": ("Telepon", "No. pesanan", "Nama"),
        "idf": [
            "Pesanan {i} sedang diantar; kurir akan menghubungi {p} sebelum sampai.",
            "Untuk tiket {i}, teknisi kami akan menelepon ke {p} besok pagi.",
        ],
        "pf": ["Nomor {p} sudah saya catat sebagai kontak untuk laporan {i}."],
        "ctx": ["Kalau pagarnya dikunci, WA saja ke {p}, nanti Bu Sari yang bukakan."],
    },
    "th": {
        "words": ("โทรศัพท์", "หมายเลขคำสั่งซื้อ", "ชื่อ"),
        "idf": ["คำสั่งซื้อ {i} อยู่ระหว่างจัดส่ง พนักงานจะโทรหาที่ {p} ก่อนถึง"],
        "pf": ["บันทึก {p} เป็นเบอร์ติดต่อสำหรับเคส {i} เรียบร้อยแล้วค่ะ"],
        "ctx": ["ถ้าประตูหมู่บ้านปิด ให้โทร {p} เดี๋ยว รปภ. มาเปิดให้ครับ"],
    },
    "vi": {
        "words": ("Điện thoại", "Mã đơn hàng", "Họ tên"),
        "idf": [
            "Đơn hàng {i} đang được giao; shipper sẽ gọi vào số {p} trước khi đến.",
            "Phiếu hỗ trợ {i}: kỹ thuật viên sẽ gọi lại cho anh/chị qua số {p}.",
        ],
        "pf": ["Em đã lưu số {p} làm số liên hệ cho yêu cầu {i}."],
        "ctx": ["Nếu cổng khóa thì gọi {p}, cô Lan sẽ xuống mở ạ."],
    },
    "tl": {
        "words": ("Telepono", "Order No.", "Pangalan"),
        "idf": [
            "Ang order {i} ay papunta na; tatawag ang rider sa {p} bago dumating.",
            "Para sa ticket {i}, tatawagan ka ng technician sa {p} bukas ng umaga.",
        ],
        "pf": ["Na-save ko na ang {p} bilang contact number sa request {i}."],
        "ctx": ["Kung sarado ang gate, i-text lang si Aling Nena sa {p} para buksan."],
    },
    "ka": {
        "words": ("ტელეფონი", "შეკვეთის №", "სახელი"),
        "idf": ["შეკვეთა {i} გზაშია; კურიერი მოსვლამდე დარეკავს ნომერზე {p}."],
        "pf": ["ნომერი {p} დავამატე მიმართვის {i} საკონტაქტო ნომრად."],
        "ctx": ["თუ ჭიშკარი დაკეტილია, დარეკეთ {p}-ზე და ნინო ჩამოვა."],
    },
    "sw": {
        "words": ("Simu", "Namba ya oda", "Jina"),
        "idf": [
            "Oda yako {i} iko njiani; msafirishaji atapiga {p} kabla ya kufika.",
            "Kuhusu tiketi {i}, fundi atakupigia kwa {p} kesho asubuhi.",
        ],
        "pf": ["Nimeweka {p} kama namba ya mawasiliano kwenye ombi {i}."],
        "ctx": ["Geti likiwa limefungwa, mpigie Mama Amina kwa {p} atakufungulia."],
    },
    "am": {
        "words": ("ስልክ", "የትዕዛዝ ቁጥር", "ስም"),
        "idf": ["ትዕዛዝ {i} ተልኳል፤ አድራሹ ከመድረሱ በፊት ወደ {p} ይደውላል።"],
        "pf": ["{p}ን ለጥያቄ {i} የመገናኛ ቁጥር አድርጌ መዝግቤዋለሁ።"],
        "ctx": ["በሩ ከተዘጋ ወደ {p} ይደውሉ፣ ዘበኛው ይከፍታል።"],
    },
    "af": {
        "words": ("Telefoon", "Bestelnommer", "Naam"),
        "idf": ["Bestelling {i} is op pad; die bestuurder sal {p} bel voor hy aankom."],
        "pf": ["Ek het {p} as kontaknommer by versoek {i} gevoeg."],
        "ctx": ["As die hek gesluit is, bel net {p} en tannie Marietjie sal oopmaak."],
    },
    "zu": {
        "words": ("Ucingo", "Inombolo ye-oda", "Igama"),
        "idf": ["I-oda {i} isendleleni; umshayeli uzoshaya ku-{p} ngaphambi kokufika."],
        "pf": ["Ngifake u-{p} njengenombolo yokuxhumana ku-tikithi {i}."],
        "ctx": ["Uma isango livaliwe, shayela ku-{p} kuzovula uMam' Zodwa."],
    },
}
