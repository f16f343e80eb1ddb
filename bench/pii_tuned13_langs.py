"""Support replies in many languages for the held-out part (bench/make_pii_tuned13.py): per language, a reply that
names an order, ticket or booking id before the phone number, one that gives the number first and the id after, and
one where only the context says the number is a number to call (no "phone" or "tel" beside it)."""

from __future__ import annotations

# lang -> (id first, phone first, context only); {id} and {p} are the slots
PHONE_PHRASES: dict[str, tuple[str, str, str]] = {
    "en": (
        "Order {id} is with the courier now; the driver will ring {p} about ten minutes before arriving.",
        "I've saved {p} as the callback number on ticket {id}, so the engineer can reach you directly.",
        "If the parcel doesn't show up by Friday, just ask for Nadia at {p} and she'll sort it out.",
    ),
    "fr": (
        "Votre commande {id} est en cours de livraison ; le livreur vous appellera au {p} avant de passer.",
        "J'ai bien noté le {p} comme numéro de rappel pour le dossier {id}.",
        "Pour toute question sur le montage, Mme Lefèvre répond du lundi au vendredi au {p}.",
    ),
    "es": (
        "El pedido {id} ya salió del almacén; el repartidor le llamará al {p} antes de llegar.",
        "He dejado el {p} como número de contacto en la incidencia {id}.",
        "Si necesita cambiar la cita, escríbale por WhatsApp a Lucía al {p} y ella se lo gestiona.",
    ),
    "pt": (
        "O pedido {id} foi despachado e o entregador vai ligar para o {p} antes da entrega.",
        "Registrei o {p} como telefone de retorno no chamado {id}.",
        "Qualquer dúvida sobre a instalação, é só chamar o Rafael no {p} que ele explica tudo.",
    ),
    "ga": (
        "Tá ordú {id} seolta anois; glaofaidh an tiománaí ar {p} sula dtagann sé.",
        "Tá {p} sábháilte mar uimhir ghlao ar ais ar thicéad {id}.",
        "Má bhíonn aon fhadhb agat leis an suiteáil, labhair le Siobhán ar {p} tar éis a cúig.",
    ),
    "nl": (
        "Bestelling {id} is onderweg; de bezorger belt naar {p} voordat hij aanbelt.",
        "Ik heb {p} als terugbelnummer bij melding {id} gezet.",
        "Lukt het installeren niet, bel dan gerust Joost op {p}, hij helpt je verder.",
    ),
    "de": (
        "Ihre Bestellung {id} ist unterwegs, der Fahrer meldet sich vorher unter {p}.",
        "Ich habe {p} als Rückrufnummer im Vorgang {id} hinterlegt.",
        "Bei Fragen zur Montage erreichen Sie Herrn Albrecht werktags unter {p}.",
    ),
    "it": (
        "L'ordine {id} è stato affidato al corriere, che la chiamerà al {p} prima della consegna.",
        "Ho registrato il {p} come numero per essere richiamato nella pratica {id}.",
        "Per l'appuntamento in officina può sentire direttamente Giulia al {p}.",
    ),
    "ca": (
        "La comanda {id} ja és al magatzem de repartiment; el missatger trucarà al {p} abans d'arribar.",
        "He desat el {p} com a número de contacte a la incidència {id}.",
        "Si voleu canviar l'hora de la visita, parleu amb la Montse al {p}.",
    ),
    "pl": (
        "Zamówienie {id} jest już u kuriera, który zadzwoni pod {p} przed doręczeniem.",
        "Zapisałam {p} jako numer do oddzwonienia w zgłoszeniu {id}.",
        "W sprawie montażu proszę pytać pana Tomasza pod {p}, jest dostępny od 8 do 16.",
    ),
    "cs": (
        "Objednávka {id} je u dopravce, řidič vám zavolá na {p} před doručením.",
        "Číslo {p} jsem uložil jako kontakt pro zpětné volání u požadavku {id}.",
        "S instalací vám ráda poradí paní Dvořáková na {p}.",
    ),
    "sk": (
        "Objednávka {id} je na ceste, kuriér vám zavolá na {p} pred doručením.",
        "Číslo {p} som uložila ako kontakt na spätné volanie k tiketu {id}.",
        "Ak by ste mali otázky k zmluve, ozvite sa pánovi Kováčovi na {p}.",
    ),
    "hu": (
        "A(z) {id} számú rendelés már a futárnál van, érkezés előtt hívja a {p} számot.",
        "A {p} számot visszahívási számként rögzítettem a(z) {id} bejelentéshez.",
        "A beszereléssel kapcsolatban Kovács Anna segít a {p} számon.",
    ),
    "ro": (
        "Comanda {id} a fost predată curierului, care vă va suna la {p} înainte de livrare.",
        "Am salvat {p} ca număr de revenire pentru tichetul {id}.",
        "Pentru programarea la service o puteți contacta pe doamna Ionescu la {p}.",
    ),
    "bg": (
        "Поръчка {id} е предадена на куриер, който ще ви се обади на {p} преди доставката.",
        "Записах {p} като номер за обратно обаждане по сигнал {id}.",
        "За монтажа можете да се свържете директно с Георги на {p}.",
    ),
    "el": (
        "Η παραγγελία {id} παραδόθηκε στον courier, που θα σας καλέσει στο {p} πριν έρθει.",
        "Κατέγραψα το {p} ως αριθμό επανάκλησης στο αίτημα {id}.",
        "Για το ραντεβού στο συνεργείο μιλήστε με την κ. Παπαδοπούλου στο {p}.",
    ),
    "hr": (
        "Narudžba {id} je kod dostavljača, koji će vas nazvati na {p} prije dolaska.",
        "Spremila sam {p} kao broj za povratni poziv uz prijavu {id}.",
        "Za termin ugradnje javite se gospodinu Horvatu na {p}.",
    ),
    "sl": (
        "Naročilo {id} je pri dostavljavcu, ki vas bo pred dostavo poklical na {p}.",
        "Številko {p} sem shranil za povratni klic pri zahtevku {id}.",
        "Glede montaže se lahko obrnete na gospo Novak na {p}.",
    ),
    "sr": (
        "Porudžbina {id} je predata kuriru, koji će vas pozvati na {p} pre isporuke.",
        "Sačuvao sam {p} kao broj za povratni poziv uz tiket {id}.",
        "Za zakazivanje servisa obratite se Milošu na {p}.",
    ),
    "uk": (
        "Замовлення {id} вже у кур'єра, він зателефонує на {p} перед доставкою.",
        "Я зберегла {p} як номер для зворотного дзвінка у зверненні {id}.",
        "Щодо встановлення вам допоможе Оксана за номером {p}.",
    ),
    "ru": (
        "Заказ {id} передан курьеру, он позвонит на {p} за час до доставки.",
        "Я сохранил {p} как номер для обратной связи по заявке {id}.",
        "По вопросам монтажа обращайтесь к Андрею: {p}, он на связи до семи вечера.",
    ),
    "lt": (
        "Užsakymas {id} jau pas kurjerį, jis paskambins numeriu {p} prieš pristatydamas.",
        "Numerį {p} išsaugojau kaip atgalinio skambučio numerį užklausoje {id}.",
        "Dėl montavimo kreipkitės į Ramunę {p}.",
    ),
    "lv": (
        "Pasūtījums {id} ir nodots kurjeram, kurš pirms piegādes zvanīs uz {p}.",
        "Saglabāju {p} kā atzvanīšanas numuru pieteikumā {id}.",
        "Par uzstādīšanu varat sazināties ar Jāni pa {p}.",
    ),
    "et": (
        "Tellimus {id} on kulleri käes, ta helistab enne kohalejõudmist numbrile {p}.",
        "Salvestasin {p} tagasihelistamise numbriks pöördumisele {id}.",
        "Paigaldusega seotud küsimustes aitab Kadri numbril {p}.",
    ),
    "fi": (
        "Tilaus {id} on kuljettajalla, joka soittaa numeroon {p} ennen toimitusta.",
        "Tallensin numeron {p} takaisinsoittonumeroksi tikettiin {id}.",
        "Asennukseen liittyvissä asioissa Mikko auttaa numerossa {p}.",
    ),
    "sv": (
        "Order {id} är hos budet, som ringer {p} innan leveransen.",
        "Jag har sparat {p} som återuppringningsnummer i ärende {id}.",
        "Har du frågor om monteringen kan du slå en signal till Elin på {p}.",
    ),
    "nb": (
        "Bestilling {id} er hos budet, som ringer {p} før levering.",
        "Jeg har lagret {p} som nummer for tilbakeringing i sak {id}.",
        "Lurer du på noe om monteringen, kan du ta kontakt med Ingrid på {p}.",
    ),
    "da": (
        "Ordre {id} er hos budet, som ringer til {p} inden levering.",
        "Jeg har gemt {p} som nummer til tilbageringning på sag {id}.",
        "Har du spørgsmål til monteringen, så kontakt Mette på {p}.",
    ),
    "is": (
        "Pöntun {id} er komin til sendilsins, sem hringir í {p} áður en hann kemur.",
        "Ég vistaði {p} sem númer til að hringja til baka í máli {id}.",
        "Varðandi uppsetninguna geturðu haft samband við Sigrúnu í {p}.",
    ),
    "mt": (
        "L-ordni {id} qiegħed għand il-kurrier, li se jċempel fuq {p} qabel il-konsenja.",
        "Niżżilt {p} bħala n-numru biex inċemplulek lura fuq it-talba {id}.",
        "Għal kull mistoqsija fuq l-installazzjoni kellem lil Marija fuq {p}.",
    ),
    "sq": (
        "Porosia {id} është te korrieri, i cili do t'ju telefonojë në {p} para dorëzimit.",
        "E ruajta {p} si numër për t'ju rikontaktuar te kërkesa {id}.",
        "Për montimin mund të flisni me Arbenin në {p}.",
    ),
    "tr": (
        "{id} numaralı siparişiniz kargoya verildi, kurye teslimattan önce {p} numarasını arayacak.",
        "{p} numarasını {id} numaralı talepte geri arama numarası olarak kaydettim.",
        "Kurulumla ilgili bir sorun olursa Ayşe Hanım'a {p} üzerinden ulaşabilirsiniz.",
    ),
    "he": (
        "הזמנה {id} נמסרה לשליח, והוא יתקשר למספר {p} לפני ההגעה.",
        "שמרתי את {p} כמספר לחזרה בפנייה {id}.",
        "לשאלות על ההתקנה אפשר לפנות ליוסי ב-{p}.",
    ),
    "ar": (
        "الطلب رقم {id} مع المندوب الآن، وسيتصل بك على {p} قبل الوصول.",
        "قمت بحفظ {p} كرقم لمعاودة الاتصال في التذكرة {id}.",
        "لأي استفسار عن التركيب تواصل مع الأستاذ خالد على {p}.",
    ),
    "hi": (
        "आपका ऑर्डर {id} कूरियर के पास है, डिलीवरी से पहले वह {p} पर कॉल करेगा।",
        "मैंने {p} को टिकट {id} पर कॉल-बैक नंबर के रूप में सेव कर दिया है।",
        "इंस्टॉलेशन के बारे में कुछ भी पूछना हो तो राहुल जी से {p} पर बात कर लीजिए।",
    ),
    "ur": (
        "آپ کا آرڈر {id} کورئیر کے پاس ہے، وہ ڈیلیوری سے پہلے {p} پر کال کرے گا۔",
        "میں نے {p} کو ٹکٹ {id} پر واپسی کال کے لیے محفوظ کر لیا ہے۔",
        "انسٹالیشن کے بارے میں عمران صاحب سے {p} پر رابطہ کریں۔",
    ),
    "bn": (
        "আপনার অর্ডার {id} কুরিয়ারের কাছে আছে, ডেলিভারির আগে তিনি {p} নম্বরে ফোন করবেন।",
        "আমি {p} নম্বরটি টিকিট {id}-এ কলব্যাকের জন্য সংরক্ষণ করেছি।",
        "ইনস্টলেশন নিয়ে কিছু জানার থাকলে তানিয়ার সাথে {p} নম্বরে কথা বলুন।",
    ),
    "ne": (
        "तपाईंको अर्डर {id} कुरियरसँग छ, डेलिभरी अघि उहाँले {p} मा फोन गर्नुहुनेछ।",
        "मैले {p} लाई टिकट {id} मा कलब्याक नम्बरको रूपमा राखेको छु।",
        "जडानबारे केही सोध्नु परे सुमनलाई {p} मा सम्पर्क गर्नुहोस्।",
    ),
    "ta": (
        "உங்கள் ஆர்டர் {id} கூரியரிடம் உள்ளது; டெலிவரிக்கு முன் அவர் {p} எண்ணுக்கு அழைப்பார்.",
        "{p} எண்ணை டிக்கெட் {id} இல் திரும்ப அழைக்கும் எண்ணாகச் சேமித்துள்ளேன்.",
        "பொருத்துதல் பற்றி ஏதேனும் கேள்வி இருந்தால் கார்த்திக்கை {p} இல் அணுகவும்.",
    ),
    "ja": (
        "ご注文{id}は配送業者に引き渡し済みで、お届け前に{p}へご連絡いたします。",
        "{p}を問い合わせ番号{id}の折り返し先として登録しました。",
        "設置について不明な点があれば、担当の佐藤まで{p}でお気軽にどうぞ。",
    ),
    "ko": (
        "주문 {id}은 택배 기사님께 전달되었으며, 배송 전에 {p}(으)로 연락드릴 예정입니다.",
        "{p} 번호를 문의 {id}의 회신 번호로 저장해 두었습니다.",
        "설치 관련 문의는 김민지 매니저님께 {p}(으)로 하시면 됩니다.",
    ),
    "zh": (
        "您的订单{id}已交给快递员，送达前会拨打{p}与您联系。",
        "我已将{p}登记为工单{id}的回拨号码。",
        "安装方面有任何问题，可以直接找王师傅，{p}，工作日都在。",
    ),
    "ms": (
        "Pesanan {id} sudah diserahkan kepada kurier, dia akan menghubungi {p} sebelum tiba.",
        "Saya telah simpan {p} sebagai nombor panggilan semula untuk tiket {id}.",
        "Untuk urusan pemasangan, sila hubungi Encik Faizal di {p}.",
    ),
    "id": (
        "Pesanan {id} sudah dibawa kurir, nanti kurir akan menghubungi {p} sebelum sampai.",
        "Saya sudah menyimpan {p} sebagai nomor untuk dihubungi kembali di tiket {id}.",
        "Kalau ada kendala pemasangan, silakan hubungi Mas Budi di {p}.",
    ),
    "th": (
        "คำสั่งซื้อ {id} อยู่กับพนักงานส่งของแล้ว เขาจะโทรหา {p} ก่อนถึง",
        "ฉันบันทึก {p} เป็นหมายเลขติดต่อกลับสำหรับเรื่อง {id} แล้วค่ะ",
        "หากมีคำถามเรื่องการติดตั้ง ติดต่อคุณสมชายได้ที่ {p}",
    ),
    "vi": (
        "Đơn hàng {id} đã giao cho shipper, anh ấy sẽ gọi {p} trước khi giao.",
        "Em đã lưu {p} làm số gọi lại cho phiếu hỗ trợ {id}.",
        "Nếu cần hỗ trợ lắp đặt, anh/chị cứ liên hệ chị Lan qua {p} nhé.",
    ),
    "tl": (
        "Ang order {id} ay nasa rider na, tatawagan niya ang {p} bago dumating.",
        "Na-save ko na ang {p} bilang callback number sa ticket {id}.",
        "Kung may tanong sa installation, i-text lang si Ate Joy sa {p}.",
    ),
    "ka": (
        "შეკვეთა {id} კურიერთანაა, მიტანამდე ის დარეკავს ნომერზე {p}.",
        "{p} შევინახე, როგორც უკუკავშირის ნომერი განაცხადზე {id}.",
        "მონტაჟთან დაკავშირებით დაუკავშირდით გიორგის {p}.",
    ),
    "hy": (
        "Ձեր պատվերը {id} առաքիչի մոտ է, նա կզանգի {p} համարին մինչև ժամանելը։",
        "{p} համարը պահպանել եմ որպես հետզանգի համար {id} հայտում։",
        "Տեղադրման հարցերով կարող եք դիմել Արամին՝ {p}։",
    ),
    "fa": (
        "سفارش {id} تحویل پیک شده و پیش از رسیدن با شماره {p} تماس می‌گیرد.",
        "شماره {p} را برای تماس مجدد در درخواست {id} ثبت کردم.",
        "برای نصب می‌توانید با آقای رضایی در {p} هماهنگ کنید.",
    ),
    "mn": (
        "Таны захиалга {id} хүргэгчид очсон, хүргэхээс өмнө {p} руу залгана.",
        "{p}-г {id} хүсэлтэд буцаж залгах дугаараар хадгаллаа.",
        "Суурилуулалтын талаар Болдоос {p}-аар асууж болно.",
    ),
    "sw": (
        "Oda {id} iko kwa msafirishaji, atakupigia kwa {p} kabla ya kufika.",
        "Nimehifadhi {p} kama namba ya kukupigia tena kwenye tiketi {id}.",
        "Kwa maswali ya ufungaji, mtafute Bw. Otieno kwa {p}.",
    ),
    "am": (
        "ትዕዛዝ {id} ለመልእክተኛው ተሰጥቷል፤ ከመድረሱ በፊት በ{p} ይደውላል።",
        "{p}ን ለጥያቄ {id} መልሶ መደወያ ቁጥር አድርጌ አስቀምጫለሁ።",
        "ስለ ተከላው ጥያቄ ካለዎት አቶ ዳዊትን በ{p} ያግኙ።",
    ),
    "af": (
        "Bestelling {id} is by die koerier, wat {p} sal bel voordat hy aflewer.",
        "Ek het {p} as terugbelnommer op kaartjie {id} gestoor.",
        "Vir vrae oor die installasie kan jy vir Pieter by {p} kry.",
    ),
}
