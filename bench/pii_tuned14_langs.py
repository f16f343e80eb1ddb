"""Support replies in many languages that quote a phone number: for each language a plain reply, one that names an
order or booking id before the number and one that names it after (``{p}`` the number, ``{id}`` the id, ``{c}`` a
place). Written for the held-out part from how such replies read in each language."""

from __future__ import annotations

# language -> (plain, id first, phone first)
PHONE_SENTENCES: dict[str, tuple[str, str, str]] = {
    "en": (
        "Thanks for waiting! The {c} branch can be reached on {p} until 6 pm.",
        "I've pulled up order {id}; the courier will ring {p} before dropping it off.",
        "Your contact number {p} is now attached to booking {id}.",
    ),
    "fr": (
        "Merci de votre patience ! L'agence de {c} est joignable au {p} du lundi au vendredi.",
        "Pour la commande {id}, le livreur vous appellera au {p} la veille.",
        "Le numéro {p} est désormais associé à votre dossier {id}.",
    ),
    "es": (
        "¡Gracias por escribirnos! La sucursal de {c} atiende en el {p} de 9 a 18 h.",
        "Revisé el pedido {id}: el repartidor llamará al {p} antes de llegar.",
        "Hemos registrado el teléfono {p} en su reserva {id}.",
    ),
    "pt": (
        "Obrigado pelo contato! A loja de {c} atende pelo telefone {p} em horário comercial.",
        "O pedido {id} saiu para entrega; o motorista vai ligar para {p}.",
        "Atualizei o celular para {p} no protocolo {id}.",
    ),
    "ga": (
        "Go raibh maith agat! Is féidir glaoch ar oifig {c} ar {p} idir 9 agus 5.",
        "Maidir le hordú {id}, glaofaidh an tiománaí ar {p} roimh ré.",
        "Tá an uimhir {p} ceangailte anois le háirithint {id}.",
    ),
    "nl": (
        "Bedankt voor je geduld! Ons kantoor in {c} is bereikbaar op {p}.",
        "Bij bestelling {id} belt de bezorger eerst naar {p}.",
        "Het nummer {p} staat nu bij je reservering {id}.",
    ),
    "de": (
        "Danke für Ihre Geduld! Die Filiale in {c} erreichen Sie unter {p}.",
        "Zur Bestellung {id}: Der Fahrer ruft vorher unter {p} an.",
        "Ihre Rückrufnummer {p} ist jetzt bei Vorgang {id} hinterlegt.",
    ),
    "it": (
        "Grazie per l'attesa! La sede di {c} risponde al numero {p}.",
        "Per l'ordine {id} il corriere chiamerà il {p} prima della consegna.",
        "Abbiamo salvato il recapito {p} nella pratica {id}.",
    ),
    "ca": (
        "Gràcies per esperar! L'oficina de {c} us atén al {p}.",
        "He revisat la comanda {id}: el repartidor trucarà al {p}.",
        "El telèfon {p} ja consta a la reserva {id}.",
    ),
    "pl": (
        "Dziękujemy za cierpliwość! Oddział w mieście {c} jest dostępny pod numerem {p}.",
        "W sprawie zamówienia {id} kurier zadzwoni na {p} przed doręczeniem.",
        "Numer {p} został przypisany do rezerwacji {id}.",
    ),
    "cs": (
        "Děkujeme za trpělivost! Pobočka {c} je k zastižení na čísle {p}.",
        "K objednávce {id}: kurýr zavolá na {p} před doručením.",
        "Telefon {p} jsme uložili k rezervaci {id}.",
    ),
    "sk": (
        "Ďakujeme za trpezlivosť! Pobočka {c} je dostupná na čísle {p}.",
        "K objednávke {id}: kuriér zavolá na {p} pred doručením.",
        "Číslo {p} sme priradili k rezervácii {id}.",
    ),
    "hu": (
        "Köszönjük türelmét! A {c}i iroda a {p} számon érhető el.",
        "A(z) {id} rendelésnél a futár a {p} számot hívja érkezés előtt.",
        "A {p} telefonszámot hozzárendeltük a(z) {id} foglaláshoz.",
    ),
    "ro": (
        "Vă mulțumim pentru răbdare! Sucursala din {c} răspunde la {p}.",
        "Pentru comanda {id}, curierul vă va suna la {p}.",
        "Numărul {p} a fost adăugat la rezervarea {id}.",
    ),
    "bg": (
        "Благодарим за търпението! Офисът в {c} отговаря на {p}.",
        "За поръчка {id} куриерът ще се обади на {p} преди доставка.",
        "Телефонът {p} вече е към резервация {id}.",
    ),
    "el": (
        "Ευχαριστούμε για την αναμονή! Το κατάστημα στην {c} απαντά στο {p}.",
        "Για την παραγγελία {id}, ο κούριερ θα καλέσει στο {p}.",
        "Το τηλέφωνο {p} καταχωρίστηκε στην κράτηση {id}.",
    ),
    "hr": (
        "Hvala na strpljenju! Poslovnica {c} dostupna je na {p}.",
        "Za narudžbu {id} dostavljač će nazvati {p} prije dolaska.",
        "Broj {p} sada je povezan s rezervacijom {id}.",
    ),
    "sl": (
        "Hvala za potrpežljivost! Poslovalnica {c} je dosegljiva na {p}.",
        "Za naročilo {id} bo kurir poklical na {p}.",
        "Številko {p} smo dodali k rezervaciji {id}.",
    ),
    "sr": (
        "Хвала на стрпљењу! Пословница {c} је доступна на {p}.",
        "За поруџбину {id} курир ће позвати {p} пре доставе.",
        "Број {p} је сада повезан са резервацијом {id}.",
    ),
    "uk": (
        "Дякуємо за очікування! Відділення у місті {c} відповідає за номером {p}.",
        "Щодо замовлення {id}: кур'єр зателефонує на {p} перед доставкою.",
        "Номер {p} тепер прив'язано до бронювання {id}.",
    ),
    "lt": (
        "Ačiū už kantrybę! Skyrius ({c}) pasiekiamas numeriu {p}.",
        "Dėl užsakymo {id} kurjeris paskambins numeriu {p}.",
        "Numeris {p} priskirtas rezervacijai {id}.",
    ),
    "lv": (
        "Paldies par pacietību! Filiāle {c} ir sasniedzama pa tālruni {p}.",
        "Pasūtījumam {id} kurjers piezvanīs uz {p} pirms piegādes.",
        "Tālrunis {p} tagad ir piesaistīts rezervācijai {id}.",
    ),
    "et": (
        "Aitäh kannatlikkuse eest! Meie esindus ({c}) vastab numbril {p}.",
        "Tellimuse {id} puhul helistab kuller enne numbrile {p}.",
        "Number {p} on nüüd seotud broneeringuga {id}.",
    ),
    "fi": (
        "Kiitos odotuksesta! Toimipisteemme ({c}) palvelee numerossa {p}.",
        "Tilauksen {id} kuljettaja soittaa numeroon {p} ennen toimitusta.",
        "Numero {p} on nyt liitetty varaukseen {id}.",
    ),
    "sv": (
        "Tack för att du väntade! Kontoret i {c} nås på {p}.",
        "För order {id} ringer budet {p} innan leverans.",
        "Numret {p} är nu kopplat till bokning {id}.",
    ),
    "nb": (
        "Takk for tålmodigheten! Kontoret i {c} nås på {p}.",
        "For ordre {id} ringer sjåføren {p} før levering.",
        "Nummeret {p} er nå lagt til bestilling {id}.",
    ),
    "da": (
        "Tak fordi du ventede! Afdelingen i {c} kan kontaktes på {p}.",
        "Til ordre {id} ringer chaufføren til {p} inden levering.",
        "Nummeret {p} er nu tilknyttet booking {id}.",
    ),
    "is": (
        "Takk fyrir biðlundina! Útibúið á {c} svarar í síma {p}.",
        "Varðandi pöntun {id} hringir bílstjórinn í {p} fyrir afhendingu.",
        "Símanúmerið {p} er nú skráð á bókun {id}.",
    ),
    "mt": (
        "Grazzi tal-paċenzja! L-uffiċċju ta' {c} jista' jintlaħaq fuq {p}.",
        "Għall-ordni {id}, il-kurrier se jċempel lil {p} qabel il-konsenja.",
        "In-numru {p} issa huwa marbut mal-prenotazzjoni {id}.",
    ),
    "sq": (
        "Faleminderit për durimin! Zyra në {c} përgjigjet në {p}.",
        "Për porosinë {id}, korrieri do të telefonojë në {p}.",
        "Numri {p} tani është lidhur me rezervimin {id}.",
    ),
    "tr": (
        "Beklediğiniz için teşekkürler! {c} şubemize {p} numarasından ulaşabilirsiniz.",
        "{id} numaralı siparişiniz için kurye {p} numarasını arayacak.",
        "{p} numarası {id} rezervasyonunuza eklendi.",
    ),
    "he": (
        "תודה על ההמתנה! ניתן להשיג את הסניף ב{c} בטלפון {p}.",
        "לגבי הזמנה {id}, השליח יתקשר למספר {p} לפני המסירה.",
        "המספר {p} עודכן בהזמנה {id}.",
    ),
    "ar": (
        "شكراً لانتظارك! يمكنك التواصل مع فرع {c} على الرقم {p}.",
        "بخصوص الطلب {id}، سيتصل المندوب على {p} قبل التوصيل.",
        "تم ربط الرقم {p} بالحجز {id}.",
    ),
    "hi": (
        "इंतज़ार के लिए धन्यवाद! {c} शाखा से {p} पर संपर्क करें।",
        "ऑर्डर {id} के लिए डिलीवरी एजेंट {p} पर कॉल करेगा।",
        "आपका नंबर {p} बुकिंग {id} से जोड़ दिया गया है।",
    ),
    "ur": (
        "انتظار کا شکریہ! {c} برانچ سے {p} پر رابطہ کریں۔",
        "آرڈر {id} کے لیے رائیڈر {p} پر کال کرے گا۔",
        "نمبر {p} بکنگ {id} کے ساتھ منسلک کر دیا گیا ہے۔",
    ),
    "bn": (
        "অপেক্ষার জন্য ধন্যবাদ! {c} শাখায় {p} নম্বরে যোগাযোগ করুন।",
        "অর্ডার {id} এর জন্য ডেলিভারিম্যান {p} নম্বরে কল করবেন।",
        "{p} নম্বরটি বুকিং {id} এর সাথে যুক্ত করা হয়েছে।",
    ),
    "ne": (
        "पर्खनुभएकोमा धन्यवाद! {c} शाखालाई {p} मा सम्पर्क गर्नुहोस्।",
        "अर्डर {id} का लागि डेलिभरी कर्मीले {p} मा फोन गर्नुहुनेछ।",
        "नम्बर {p} बुकिङ {id} सँग जोडिएको छ।",
    ),
    "ta": (
        "காத்திருந்தமைக்கு நன்றி! {c} கிளையை {p} என்ற எண்ணில் தொடர்பு கொள்ளலாம்.",
        "ஆர்டர் {id} க்கு டெலிவரி நபர் {p} எண்ணில் அழைப்பார்.",
        "{p} எண் முன்பதிவு {id} உடன் இணைக்கப்பட்டுள்ளது.",
    ),
    "ja": (
        "お待たせしました。{c}店の電話番号は{p}です。",
        "ご注文{id}について、配達員が{p}へお電話します。",
        "お電話番号{p}を予約{id}に登録しました。",
    ),
    "ko": (
        "기다려 주셔서 감사합니다. {c} 지점 연락처는 {p}입니다.",
        "주문 {id} 건은 배송 기사님이 {p}로 미리 연락드립니다.",
        "연락처 {p}을(를) 예약 {id}에 등록했습니다.",
    ),
    "zh": (
        "感谢您的耐心等待！{c}门店的联系电话是{p}。",
        "订单{id}的快递员会在送达前拨打{p}。",
        "已将电话{p}绑定到预订{id}。",
    ),
    "ms": (
        "Terima kasih kerana menunggu! Cawangan {c} boleh dihubungi di {p}.",
        "Untuk pesanan {id}, penghantar akan menelefon {p} dahulu.",
        "Nombor {p} kini dipautkan dengan tempahan {id}.",
    ),
    "id": (
        "Terima kasih sudah menunggu! Cabang {c} bisa dihubungi di {p}.",
        "Untuk pesanan {id}, kurir akan menelepon {p} sebelum tiba.",
        "Nomor {p} sudah kami tautkan ke reservasi {id}.",
    ),
    "th": (
        "ขอบคุณที่รอค่ะ สาขา{c}ติดต่อได้ที่ {p}",
        "สำหรับคำสั่งซื้อ {id} พนักงานส่งของจะโทรหา {p} ก่อนจัดส่ง",
        "เราได้บันทึกเบอร์ {p} ไว้กับการจอง {id} แล้ว",
    ),
    "vi": (
        "Cảm ơn bạn đã chờ! Chi nhánh {c} liên hệ qua số {p}.",
        "Với đơn hàng {id}, shipper sẽ gọi số {p} trước khi giao.",
        "Số {p} đã được gắn với đặt chỗ {id}.",
    ),
    "tl": (
        "Salamat sa paghihintay! Maaabot ang sangay sa {c} sa {p}.",
        "Para sa order {id}, tatawag ang rider sa {p} bago dumating.",
        "Naka-link na ang numerong {p} sa booking {id}.",
    ),
    "ru": (
        "Спасибо за ожидание! Офис в городе {c} отвечает по номеру {p}.",
        "По заказу {id} курьер позвонит на {p} перед доставкой.",
        "Номер {p} привязан к бронированию {id}.",
    ),
    "ka": (
        "გმადლობთ მოთმინებისთვის! {c}-ის ფილიალთან დაკავშირება შეგიძლიათ ნომერზე {p}.",
        "შეკვეთა {id}-ზე კურიერი დარეკავს ნომერზე {p}.",
        "ნომერი {p} დაკავშირებულია ჯავშანთან {id}.",
    ),
    "hy": (
        "Շնորհակալություն սպասելու համար: {c}-ի մասնաճյուղի հեռախոսն է {p}:",
        "{id} պատվերի համար առաքիչը կզանգի {p} համարին:",
        "{p} համարը կցվել է {id} ամրագրմանը:",
    ),
    "fa": (
        "از صبر شما سپاسگزاریم! شعبه {c} با شماره {p} در دسترس است.",
        "برای سفارش {id}، پیک قبل از تحویل با {p} تماس می‌گیرد.",
        "شماره {p} به رزرو {id} متصل شد.",
    ),
    "mn": (
        "Хүлээсэнд баярлалаа! {c} салбартай {p} дугаараар холбогдоно уу.",
        "{id} захиалгын хувьд хүргэгч {p} дугаар руу залгана.",
        "{p} дугаарыг {id} захиалгад холболоо.",
    ),
    "sw": (
        "Asante kwa kusubiri! Tawi la {c} linapatikana kwa {p}.",
        "Kuhusu oda {id}, msafirishaji atapiga {p} kabla ya kufika.",
        "Namba {p} sasa imeunganishwa na uhifadhi {id}.",
    ),
    "am": (
        "ስለጠበቁን እናመሰግናለን! የ{c} ቅርንጫፍን በ{p} ማግኘት ይችላሉ።",
        "ለትዕዛዝ {id} አድራሹ በ{p} ይደውላል።",
        "ስልክ ቁጥር {p} ከቦታ ማስያዣ {id} ጋር ተያይዟል።",
    ),
    "af": (
        "Dankie vir jou geduld! Die {c}-tak is bereikbaar by {p}.",
        "Vir bestelling {id} sal die koerier {p} skakel voor aflewering.",
        "Die nommer {p} is nou aan bespreking {id} gekoppel.",
    ),
}

# the number named only by what precedes it: a user asks, the bot answers with the number on its own
CONTEXT_ONLY = [
    "User: what number do I call back on?\nBot: Here you go:\n{p}",
    "Customer: Can you give me the callback number from the ticket?\nAgent: Of course.\n\n{p}",
    "> which number did the driver try?\nThe last attempt went to\n{p}",
    "User: and the number for the {c} desk?\nAssistant: Sure — it's below.\n  {p}",
    "Q: Where do I reach the night porter?\nA: {p}",
    "[10:42] Kunde: Unter welcher Nummer erreiche ich Sie?\n[10:43] Bot:\n{p}",
    "Client : Vous pouvez me redonner le numéro ?\nAssistant : Bien sûr :\n{p}",
    "Usuario: ¿a qué número devuelvo la llamada?\nBot: Anótelo:\n{p}",
]
