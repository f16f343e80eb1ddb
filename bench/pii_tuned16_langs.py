"""Support-bot replies in many languages for PII tuned part 16 (bench/make_pii_tuned16.py): per language, a reply
that names an order, ticket or booking before the phone number (``id-first``), one that names it after
(``phone-first``) and one where only the context says the number is a number to call (``context-only``).
``{p}`` is the phone number, ``{id}`` the reference beside it."""

from __future__ import annotations

# language -> (id-first, phone-first, context-only)
PHONE_PROSE: dict[str, tuple[str, str, str]] = {
    "en": (
        "Your order {id} is out for delivery; the driver will call {p} if nobody answers the door.",
        "I've saved {p} as the callback number on ticket {id}.",
        "If the courier gets lost he can try {p} — that's the neighbour who keeps the spare key.",
    ),
    "es": (
        "Su pedido {id} está en reparto; el repartidor llamará al {p} si no hay nadie en casa.",
        "He añadido el {p} como teléfono de contacto a la incidencia {id}.",
        "Si no le encuentran, pueden marcar el {p}, que es la portería del edificio.",
    ),
    "pt": (
        "A encomenda {id} já saiu para entrega; o estafeta liga para o {p} antes de chegar.",
        "Registei o {p} como contacto no pedido de assistência {id}.",
        "Qualquer coisa, é só mandar um zap para o {p} que a Dona Célia responde.",
    ),
    "fr": (
        "Votre commande {id} est en cours de livraison ; le livreur appellera le {p} en cas d'absence.",
        "J'ai noté le {p} comme numéro de rappel pour le dossier {id}.",
        "En cas de souci avec la clé, composez le {p}, c'est la gardienne.",
    ),
    "de": (
        "Ihre Bestellung {id} ist unterwegs; der Fahrer ruft vorher unter {p} an.",
        "Ich habe {p} als Rückrufnummer im Ticket {id} hinterlegt.",
        "Falls niemand öffnet, einfach bei Frau Krüger durchklingeln: {p}.",
    ),
    "it": (
        "L'ordine {id} è in consegna; il corriere chiamerà il {p} prima di passare.",
        "Ho registrato il {p} come recapito sulla pratica {id}.",
        "Se il portone è chiuso, fate uno squillo al {p} e scende il portiere.",
    ),
    "nl": (
        "Uw bestelling {id} is onderweg; de bezorger belt naar {p} als u niet thuis bent.",
        "Ik heb {p} als terugbelnummer bij melding {id} gezet.",
        "Lukt het niet met de sleutel, bel dan even {p}, dat is de buurvrouw.",
    ),
    "ca": (
        "La comanda {id} ja és en repartiment; el missatger trucarà al {p} abans d'arribar.",
        "He afegit el {p} com a telèfon de contacte a la incidència {id}.",
        "Si no hi ha ningú, truqueu al {p}, que és la veïna del segon.",
    ),
    "ga": (
        "Tá d'ordú {id} ar an mbealach; glaofaidh an tiománaí ar {p} roimh ré.",
        "Chuir mé {p} leis an ticéad {id} mar uimhir aisghlao.",
        "Mura bhfuil duine ar bith sa bhaile, cuir glaoch ar {p}.",
    ),
    "pl": (
        "Zamówienie {id} jest w doręczeniu; kurier zadzwoni pod {p} przed przyjazdem.",
        "Dopisałem {p} jako numer do kontaktu w zgłoszeniu {id}.",
        "Jak domofon nie działa, proszę dzwonić na {p}, to pan dozorca.",
    ),
    "cs": (
        "Objednávka {id} je na cestě; kurýr zavolá na {p}, až bude před domem.",
        "Číslo {p} jsem uložil jako kontakt k požadavku {id}.",
        "Kdyby nikdo neotvíral, prozvoňte {p}, to je sousedka.",
    ),
    "sk": (
        "Objednávka {id} je na ceste; kuriér zavolá na {p} pred doručením.",
        "Uložil som {p} ako kontakt k reklamácii {id}.",
        "Ak nebude nikto doma, skúste {p}, to je pani z vedľajšieho bytu.",
    ),
    "hu": (
        "A(z) {id} rendelése úton van; a futár a {p} számon jelentkezik.",
        "A {p} számot visszahívási számként rögzítettem a(z) {id} bejelentéshez.",
        "Ha zárva a kapu, csörgessék meg a {p} számot, a házmester lejön.",
    ),
    "ro": (
        "Comanda {id} a plecat spre livrare; curierul va suna la {p} înainte.",
        "Am trecut {p} ca număr de contact pe tichetul {id}.",
        "Dacă nu răspunde nimeni la interfon, sunați-o pe doamna Ionescu la {p}.",
    ),
    "bg": (
        "Поръчка {id} е предадена на куриер; той ще звънне на {p} преди доставка.",
        "Записах {p} като номер за обратна връзка към сигнал {id}.",
        "Ако никой не отваря, позвънете на {p} — това е съседката.",
    ),
    "el": (
        "Η παραγγελία {id} είναι καθ' οδόν· ο κούριερ θα καλέσει στο {p}.",
        "Καταχώρισα το {p} ως τηλέφωνο επικοινωνίας στο αίτημα {id}.",
        "Αν δεν ανοίξει κανείς, πάρτε τον θυρωρό στο {p}.",
    ),
    "hr": (
        "Narudžba {id} je kod dostavljača; nazvat će na {p} prije dolaska.",
        "Upisao sam {p} kao kontakt broj uz prijavu {id}.",
        "Ako nitko ne otvori, nazovite susjedu na {p}.",
    ),
    "sl": (
        "Naročilo {id} je na poti; dostavljavec bo poklical na {p}.",
        "Številko {p} sem dodal kot kontakt k zahtevku {id}.",
        "Če vas ne bo doma, pokličite sosedo na {p}.",
    ),
    "sr": (
        "Поруџбина {id} је кренула; курир ће звати на {p} пре доставе.",
        "Уписао сам {p} као број за контакт уз пријаву {id}.",
        "Ако нико не отвори, позовите комшиницу на {p}.",
    ),
    "uk": (
        "Замовлення {id} вже в дорозі; кур'єр зателефонує на {p} перед доставкою.",
        "Я додав {p} як номер для зворотного дзвінка до звернення {id}.",
        "Якщо нікого не буде вдома, наберіть {p} — це сусідка з третього поверху.",
    ),
    "ru": (
        "Заказ {id} передан курьеру; он позвонит на {p} за час до доставки.",
        "Я указал {p} как номер для обратной связи в обращении {id}.",
        "Если домофон не работает, наберите {p}, это консьерж.",
    ),
    "lt": (
        "Užsakymas {id} jau pakeliui; kurjeris paskambins numeriu {p}.",
        "Prie užklausos {id} įrašiau kontaktinį numerį {p}.",
        "Jei niekas neatidarys, skambinkite kaimynei {p}.",
    ),
    "lv": (
        "Pasūtījums {id} ir ceļā; kurjers zvanīs uz {p} pirms piegādes.",
        "Pieteikumam {id} pievienoju atzvanīšanas numuru {p}.",
        "Ja neviens neatver, zvaniet kaimiņienei uz {p}.",
    ),
    "et": (
        "Tellimus {id} on teel; kuller helistab enne numbrile {p}.",
        "Lisasin pöördumisele {id} tagasihelistamise numbri {p}.",
        "Kui kedagi pole kodus, helistage naabrile {p}.",
    ),
    "fi": (
        "Tilauksesi {id} on matkalla; kuljettaja soittaa numeroon {p} ennen toimitusta.",
        "Lisäsin numeron {p} takaisinsoittonumeroksi tikettiin {id}.",
        "Jos ovi on lukossa, soittakaa talonmiehelle {p}.",
    ),
    "sv": (
        "Din beställning {id} är på väg; budet ringer {p} innan leverans.",
        "Jag har lagt in {p} som återuppringningsnummer i ärende {id}.",
        "Om ingen öppnar kan budet slå en signal till grannen på {p}.",
    ),
    "nb": (
        "Bestillingen {id} er på vei; sjåføren ringer {p} før levering.",
        "Jeg har lagt inn {p} som kontaktnummer på sak {id}.",
        "Er ingen hjemme, kan du ringe naboen på {p}.",
    ),
    "da": (
        "Din ordre {id} er undervejs; chaufføren ringer på {p} inden levering.",
        "Jeg har noteret {p} som tilbagekaldsnummer på sag {id}.",
        "Hvis ingen åbner, så ring til viceværten på {p}.",
    ),
    "is": (
        "Pöntun {id} er á leiðinni; bílstjórinn hringir í {p} áður.",
        "Ég skráði {p} sem símanúmer á beiðni {id}.",
        "Ef enginn er heima má hringja í nágrannann í {p}.",
    ),
    "mt": (
        "L-ordni {id} qiegħed fit-triq; ix-xufier se jċempel lil {p}.",
        "Żidt {p} bħala numru ta' kuntatt mal-biljett {id}.",
        "Jekk ħadd ma jiftaħ, ċemplu lill-ġara fuq {p}.",
    ),
    "sq": (
        "Porosia {id} është në rrugë; korrieri do të telefonojë në {p}.",
        "E regjistrova {p} si numër kontakti te kërkesa {id}.",
        "Nëse nuk hap askush, merrni fqinjën në {p}.",
    ),
    "tr": (
        "{id} numaralı siparişiniz yola çıktı; kurye gelmeden önce {p} numarasını arayacak.",
        "{p} numarasını {id} numaralı talebe geri arama numarası olarak ekledim.",
        "Kapıyı açan olmazsa kapıcıyı {p} üzerinden arayabilirsiniz.",
    ),
    "hi": (
        "आपका ऑर्डर {id} रास्ते में है; डिलीवरी वाला {p} पर कॉल करेगा।",
        "मैंने {p} को शिकायत {id} पर कॉलबैक नंबर के रूप में जोड़ दिया है।",
        "अगर घर पर कोई न हो तो चौकीदार को {p} पर फ़ोन कर लीजिए।",
    ),
    "ur": (
        "آپ کا آرڈر {id} روانہ ہو چکا ہے؛ رائیڈر پہنچنے سے پہلے {p} پر کال کرے گا۔",
        "میں نے {p} کو شکایت {id} کے ساتھ رابطہ نمبر کے طور پر درج کر دیا ہے۔",
        "اگر گیٹ بند ہو تو چوکیدار کو {p} پر کال کر لیں۔",
    ),
    "bn": (
        "আপনার অর্ডার {id} পথে আছে; ডেলিভারিম্যান {p} নম্বরে ফোন করবেন।",
        "আমি {p} নম্বরটি অভিযোগ {id}-এর সাথে যোগাযোগ নম্বর হিসেবে যুক্ত করেছি।",
        "বাসায় কেউ না থাকলে দারোয়ানকে {p} নম্বরে ফোন দিন।",
    ),
    "ta": (
        "உங்கள் ஆர்டர் {id} வழியில் உள்ளது; டெலிவரி நபர் {p} எண்ணுக்கு அழைப்பார்.",
        "{p} எண்ணை புகார் {id} உடன் தொடர்பு எண்ணாகச் சேர்த்துள்ளேன்.",
        "வீட்டில் யாரும் இல்லையென்றால் காவலாளியை {p} இல் அழையுங்கள்.",
    ),
    "ne": (
        "तपाईंको अर्डर {id} बाटोमा छ; डेलिभरी गर्ने व्यक्तिले {p} मा फोन गर्नुहुनेछ।",
        "मैले {p} लाई गुनासो {id} मा सम्पर्क नम्बरको रूपमा थपेको छु।",
        "घरमा कोही नभए छिमेकीलाई {p} मा फोन गर्नुहोस्।",
    ),
    "ja": (
        "ご注文{id}は配達中です。配達員が到着前に{p}へお電話します。",
        "お問い合わせ{id}の折り返し先として{p}を登録しました。",
        "ご不在の場合は管理人室（{p}）までご連絡ください。",
    ),
    "ko": (
        "주문 {id}이(가) 배송 중입니다. 기사님이 도착 전에 {p}(으)로 연락드립니다.",
        "{p} 번호를 문의 {id}의 회신 번호로 등록했습니다.",
        "부재 시 경비실 {p}에 맡겨 주세요.",
    ),
    "zh": (
        "您的订单{id}正在派送中，快递员到达前会拨打{p}。",
        "已将{p}登记为工单{id}的回电号码。",
        "如家中无人，可联系物业{p}代收。",
    ),
    "ms": (
        "Pesanan {id} anda sedang dihantar; penghantar akan menghubungi {p}.",
        "Saya telah simpan {p} sebagai nombor panggilan balik untuk tiket {id}.",
        "Kalau tiada orang di rumah, hubungi pengawal di {p}.",
    ),
    "id": (
        "Pesanan {id} sedang diantar; kurir akan menelepon {p} sebelum tiba.",
        "Saya sudah mencatat {p} sebagai nomor kontak untuk tiket {id}.",
        "Kalau rumah kosong, titipkan ke Pak RT di {p}.",
    ),
    "th": (
        "คำสั่งซื้อ {id} กำลังจัดส่ง พนักงานจะโทรหา {p} ก่อนถึง",
        "ฉันบันทึก {p} เป็นเบอร์ติดต่อกลับสำหรับเรื่อง {id} แล้ว",
        "ถ้าไม่มีใครอยู่บ้าน ฝากไว้กับ รปภ. โทร {p}",
    ),
    "vi": (
        "Đơn hàng {id} đang được giao; shipper sẽ gọi {p} trước khi đến.",
        "Tôi đã lưu {p} làm số gọi lại cho phiếu hỗ trợ {id}.",
        "Nếu không có ai ở nhà, gửi bảo vệ, gọi {p}.",
    ),
    "tl": (
        "Ang order {id} ay papunta na; tatawag ang rider sa {p} bago dumating.",
        "Inilagay ko ang {p} bilang callback number sa ticket {id}.",
        "Kung walang tao sa bahay, i-text si Aling Nena sa {p}.",
    ),
    "he": (
        "ההזמנה {id} בדרך; השליח יתקשר ל-{p} לפני ההגעה.",
        "רשמתי את {p} כמספר לחזרה בפנייה {id}.",
        "אם אין אף אחד בבית, אפשר להשאיר אצל השכנה, {p}.",
    ),
    "ar": (
        "طلبك {id} في الطريق، وسيتصل المندوب على {p} قبل الوصول.",
        "سجّلت {p} كرقم للتواصل في التذكرة {id}.",
        "إذا لم يكن أحد في المنزل، اتصل بالحارس على {p}.",
    ),
    "ka": (
        "შეკვეთა {id} გზაშია; კურიერი დარეკავს ნომერზე {p}.",
        "მოთხოვნას {id} დავამატე საკონტაქტო ნომერი {p}.",
        "თუ სახლში არავინაა, დაურეკეთ მეზობელს: {p}.",
    ),
    "hy": (
        "Ձեր պատվերը {id} ճանապարհին է, առաքիչը կզանգի {p} համարին։",
        "{p} համարը ավելացրի {id} հայտին որպես հետադարձ կապի համար։",
        "Եթե տանը ոչ ոք չլինի, զանգեք հարևանին՝ {p}։",
    ),
    "fa": (
        "سفارش {id} در راه است؛ پیک قبل از رسیدن با {p} تماس می‌گیرد.",
        "شماره {p} را برای درخواست {id} به عنوان شماره تماس ثبت کردم.",
        "اگر کسی خانه نبود، با سرایدار به شماره {p} هماهنگ کنید.",
    ),
    "mn": (
        "Таны захиалга {id} замдаа явж байна; хүргэгч {p} руу залгана.",
        "{p} дугаарыг {id} хүсэлтэд холбоо барих дугаараар бүртгэлээ.",
        "Гэртээ хүн байхгүй бол жижүүр рүү {p} залгаарай.",
    ),
    "sw": (
        "Oda yako {id} iko njiani; msafirishaji atapiga {p} kabla ya kufika.",
        "Nimeweka {p} kama namba ya kupigiwa kwenye tiketi {id}.",
        "Kama hakuna mtu nyumbani, mpigie mlinzi kwa {p}.",
    ),
    "af": (
        "Jou bestelling {id} is op pad; die koerier sal {p} bel voor aflewering.",
        "Ek het {p} as terugbelnommer by verwysing {id} gevoeg.",
        "As niemand tuis is nie, bel die buurvrou by {p}.",
    ),
    "am": (
        "ትዕዛዝዎ {id} በመንገድ ላይ ነው፤ አድራሹ በ{p} ይደውላል።",
        "{p}ን ለጥያቄ {id} መመለሻ ስልክ አድርጌ መዝግቤዋለሁ።",
        "ቤት ማንም ከሌለ ጥበቃውን በ{p} ያግኙ።",
    ),
}
