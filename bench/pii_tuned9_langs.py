"""Contact sentences for PII tuned part 9 in thirty languages, each in that language's own words: a support
agent passing on a customer's number, alone or next to an order, ticket, booking or claim reference. ``{v}`` is the
number, ``{n}`` a person's name and ``{id}`` the reference."""

from __future__ import annotations

# code -> (regions, names, sentences with a number, sentences with a number and a reference)
LANGS: dict[str, tuple[list[str], list[str], list[str], list[str]]] = {
    "en": (
        ["US", "GB", "CA", "AU", "NZ", "IE", "NG", "KE", "ZA", "GH", "SG", "JM", "IN", "PH", "FJ"],
        ["Megan Doyle", "Tunde Bakare", "Harriet Lowe", "Chloe Tan"],
        [
            "Thanks for waiting! {n} asked us to call back on {v} rather than email.",
            "Got it, I've swapped the delivery contact over to {v} so the courier rings {n} directly.",
            "Quick heads-up: the number we had for {n} bounced, the new one is {v}.",
        ],
        [
            "For return {id}, the courier will phone {n} on {v} to arrange pickup.",
            "I've logged {v} as the callback number on case {id}; {n} said mornings are best.",
            "The driver couldn't find the flat, so he'll ring {v} before redelivering parcel {id}.",
        ],
    ),
    "es": (
        ["ES", "MX", "AR", "CO", "CL", "PE", "UY", "GT", "CR", "DO"],
        ["Lucía Fernández", "Andrés Quintero", "Valentina Rojas"],
        [
            "¡Listo! Actualicé el teléfono de {n}: ahora es el {v}.",
            "Puedes escribirle a {n} por WhatsApp al {v}, suele responder enseguida.",
        ],
        [
            "El repartidor llamará al {v} antes de entregar el pedido {id}.",
            "Dejé anotado el celular {v} en la incidencia {id} para que {n} reciba el aviso.",
        ],
    ),
    "hi": (
        ["IN"],
        ["राहुल शर्मा", "प्रिया वर्मा", "अनिल कुमार"],
        [
            "{n} जी का मोबाइल नंबर {v} है, आप उन्हें शाम के बाद कॉल कर सकते हैं।",
            "ग्राहक ने बताया कि उनका नया नंबर {v} है, कृपया रिकॉर्ड में अपडेट कर दें।",
        ],
        [
            "ऑर्डर {id} की डिलीवरी से पहले कूरियर वाला {v} पर फ़ोन करेगा।",
            "शिकायत संख्या {id} के लिए {n} से {v} पर संपर्क किया जा सकता है।",
        ],
    ),
    "de": (
        ["DE", "AT", "CH"],
        ["Jana Köhler", "Matthias Brandt", "Sophie Huber"],
        [
            "Frau {n} ist tagsüber unter {v} erreichbar.",
            "Ich habe die neue Handynummer von {n} hinterlegt: {v}.",
        ],
        [
            "Zur Bestellung {id} ruft der Paketdienst vorher unter {v} an.",
            "Rückrufnummer für Vorgang {id}: {v} ({n}, bitte nach 16 Uhr).",
        ],
    ),
    "fr": (
        ["FR", "BE", "CH", "SN", "MA", "CA"],
        ["Camille Girard", "Mamadou Diallo", "Élise Moreau"],
        [
            "Vous pouvez joindre {n} au {v} en semaine.",
            "Le numéro de portable de {n} a changé, c'est désormais le {v}.",
        ],
        [
            "Le livreur appellera le {v} avant de livrer la commande {id}.",
            "J'ai ajouté le {v} au dossier {id} pour que {n} soit rappelée demain.",
        ],
    ),
    "pt": (
        ["BR", "PT"],
        ["João Pereira", "Mariana Costa", "Beatriz Almeida"],
        [
            "O celular da {n} é {v}, pode chamar no WhatsApp.",
            "Atualizei o contato: {n}, telemóvel {v}.",
        ],
        [
            "A transportadora vai ligar para {v} antes de entregar o pedido {id}.",
            "Registrei o telefone {v} no protocolo {id} para retorno à {n}.",
        ],
    ),
    "it": (
        ["IT", "CH"],
        ["Giulia Bianchi", "Marco Esposito", "Chiara Ricci"],
        [
            "Il cellulare di {n} è {v}, la può chiamare dopo le 18.",
            "Ho aggiornato il recapito telefonico di {n}: {v}.",
        ],
        [
            "Il corriere chiamerà il {v} prima di consegnare l'ordine {id}.",
            "Per la pratica {id} il cliente chiede di essere richiamato al {v}.",
        ],
    ),
    "nl": (
        ["NL", "BE"],
        ["Sanne de Vries", "Pieter Janssens", "Lotte Bakker"],
        [
            "{n} is overdag bereikbaar op {v}.",
            "Het nieuwe mobiele nummer van {n} is {v}, ik heb het aangepast.",
        ],
        [
            "De bezorger belt naar {v} voordat bestelling {id} wordt afgeleverd.",
            "Bij melding {id} staat {v} als terugbelnummer van {n}.",
        ],
    ),
    "pl": (
        ["PL"],
        ["Katarzyna Nowak", "Piotr Wiśniewski", "Agnieszka Zielińska"],
        [
            "Pani {n} prosi o kontakt pod numerem {v}.",
            "Zaktualizowałem numer telefonu klienta: {v}.",
        ],
        [
            "Kurier zadzwoni pod {v} przed doręczeniem zamówienia {id}.",
            "W zgłoszeniu {id} podano numer {v} do pana {n}.",
        ],
    ),
    "sv": (
        ["SE", "FI"],
        ["Emma Lindqvist", "Oskar Berg", "Maja Holm"],
        [
            "Du når {n} på {v} under kontorstid.",
            "Jag har lagt in {n}s nya mobilnummer: {v}.",
        ],
        [
            "Budet ringer {v} innan order {id} levereras.",
            "Ärende {id}: kunden vill bli uppringd på {v}.",
        ],
    ),
    "fi": (
        ["FI"],
        ["Aino Virtanen", "Mikko Korhonen", "Laura Mäkinen"],
        [
            "{n} tavoittaa numerosta {v} arkisin.",
            "Päivitin asiakkaan puhelinnumeron: {v}.",
        ],
        [
            "Kuljettaja soittaa numeroon {v} ennen tilauksen {id} toimitusta.",
            "Tiketin {id} yhteyshenkilön {n} numero on {v}.",
        ],
    ),
    "cs": (
        ["CZ"],
        ["Tereza Dvořáková", "Jan Novotný", "Lucie Černá"],
        [
            "Paní {n} je k zastižení na čísle {v}.",
            "Nové telefonní číslo zákazníka je {v}, už jsem ho uložil.",
        ],
        [
            "Kurýr zavolá na {v} před doručením objednávky {id}.",
            "K reklamaci {id} uvedl pan {n} kontakt {v}.",
        ],
    ),
    "ro": (
        ["RO"],
        ["Andreea Popescu", "Mihai Ionescu", "Ioana Dumitru"],
        [
            "O puteți contacta pe {n} la numărul {v}.",
            "Am actualizat numărul de telefon al clientului: {v}.",
        ],
        [
            "Curierul va suna la {v} înainte de livrarea comenzii {id}.",
            "Pentru tichetul {id}, {n} a lăsat numărul {v}.",
        ],
    ),
    "hu": (
        ["HU"],
        ["Nagy Eszter", "Kovács Bence", "Szabó Anna"],
        [
            "{n} a {v} számon érhető el napközben.",
            "Frissítettem az ügyfél telefonszámát: {v}.",
        ],
        [
            "A futár a {v} számot hívja a(z) {id} rendelés kézbesítése előtt.",
            "A(z) {id} bejelentéshez {n} a {v} számot adta meg.",
        ],
    ),
    "el": (
        ["GR"],
        ["Μαρία Παπαδοπούλου", "Γιώργος Νικολάου", "Ελένη Γεωργίου"],
        [
            "Μπορείτε να καλέσετε την κα {n} στο {v}.",
            "Ενημέρωσα το κινητό του πελάτη: {v}.",
        ],
        [
            "Ο courier θα τηλεφωνήσει στο {v} πριν παραδώσει την παραγγελία {id}.",
            "Στο αίτημα {id} ο/η {n} άφησε τηλέφωνο {v}.",
        ],
    ),
    "uk": (
        ["UA"],
        ["Олена Коваль", "Андрій Шевченко", "Ірина Бондар"],
        [
            "Зателефонуйте, будь ласка, {n} за номером {v}.",
            "Я оновив номер телефону клієнта: {v}.",
        ],
        [
            "Кур'єр подзвонить на {v} перед доставкою замовлення {id}.",
            "У зверненні {id} вказано номер {v} ({n}).",
        ],
    ),
    "ru": (
        ["RU"],
        ["Анна Смирнова", "Дмитрий Волков", "Екатерина Орлова"],
        [
            "Номер телефона {n}: {v}, звонить лучше после обеда.",
            "Клиент просит перезвонить ему на {v}.",
        ],
        [
            "Курьер позвонит на {v} перед доставкой заказа {id}.",
            "По заявке {id} контактный телефон {n} — {v}.",
        ],
    ),
    "tr": (
        ["TR"],
        ["Ayşe Yılmaz", "Mehmet Demir", "Zeynep Kaya"],
        [
            "{n} Hanım'a {v} numarasından ulaşabilirsiniz.",
            "Müşterinin yeni cep telefonu {v} olarak güncellendi.",
        ],
        [
            "Kurye, {id} numaralı siparişi teslim etmeden önce {v} numarasını arayacak.",
            "{id} numaralı talepte iletişim numarası {v} olarak kayıtlı.",
        ],
    ),
    "ar": (
        ["SA", "AE", "EG", "MA"],
        ["سارة العتيبي", "محمد الحسن", "ليلى منصور"],
        [
            "يمكنك التواصل مع {n} على الرقم {v}.",
            "تم تحديث رقم جوال العميل إلى {v}.",
        ],
        [
            "سيتصل المندوب على {v} قبل توصيل الطلب رقم {id}.",
            "في البلاغ {id} ترك {n} رقم التواصل {v}.",
        ],
    ),
    "he": (
        ["IL"],
        ["נועה כהן", "יונתן לוי", "מיכל פרץ"],
        [
            "אפשר להשיג את {n} בטלפון {v}.",
            "עדכנתי את מספר הנייד של הלקוח: {v}.",
        ],
        [
            "השליח יתקשר ל-{v} לפני מסירת הזמנה {id}.",
            "בפנייה {id} השאיר/ה {n} מספר לחזרה: {v}.",
        ],
    ),
    "ja": (
        ["JP"],
        ["佐藤 花子", "鈴木 健太", "高橋 美咲"],
        [
            "{n}様の携帯番号は{v}です。",
            "お客様より、今後のご連絡は{v}へお願いしたいとのことです。",
        ],
        [
            "ご注文{id}のお届け前に、配達員が{v}へお電話いたします。",
            "お問い合わせ番号{id}の折り返し先は{v}（{n}様）です。",
        ],
    ),
    "zh": (
        ["CN", "TW", "HK", "SG"],
        ["王芳", "李伟", "陈静"],
        [
            "{n}的手机号是{v}，请在工作时间联系。",
            "客户把联系电话改成了{v}。",
        ],
        [
            "快递员会在派送订单{id}前拨打{v}联系您。",
            "工单{id}的回访电话为{v}（{n}）。",
        ],
    ),
    "ko": (
        ["KR"],
        ["김민지", "이준호", "박서연"],
        [
            "{n} 님의 휴대폰 번호는 {v}입니다.",
            "고객님이 연락처를 {v}(으)로 변경해 달라고 하셨습니다.",
        ],
        [
            "주문 {id} 배송 전에 기사님이 {v}(으)로 전화드릴 예정입니다.",
            "문의 {id}의 회신 번호는 {v}입니다.",
        ],
    ),
    "id": (
        ["ID"],
        ["Siti Rahma", "Budi Santoso", "Dewi Lestari"],
        [
            "Nomor HP {n} adalah {v}, bisa dihubungi lewat WhatsApp.",
            "Pelanggan minta ditelepon balik di {v}.",
        ],
        [
            "Kurir akan menelepon {v} sebelum mengantar pesanan {id}.",
            "Untuk tiket {id}, {n} meninggalkan nomor {v}.",
        ],
    ),
    "ms": (
        ["MY"],
        ["Nurul Aisyah", "Ahmad Faiz", "Tan Mei Ling"],
        [
            "Nombor telefon bimbit {n} ialah {v}.",
            "Pelanggan minta dihubungi semula di {v}.",
        ],
        [
            "Kurier akan menghubungi {v} sebelum menghantar pesanan {id}.",
            "Bagi tiket {id}, nombor untuk dihubungi ialah {v}.",
        ],
    ),
    "vi": (
        ["VN"],
        ["Nguyễn Thị Lan", "Trần Văn Minh", "Lê Thu Hà"],
        [
            "Số điện thoại của chị {n} là {v}.",
            "Khách hàng muốn được gọi lại qua số {v}.",
        ],
        [
            "Shipper sẽ gọi vào số {v} trước khi giao đơn hàng {id}.",
            "Phiếu hỗ trợ {id}: liên hệ anh/chị {n} qua số {v}.",
        ],
    ),
    "th": (
        ["TH"],
        ["สมชาย ใจดี", "สุนิสา แก้วมณี", "ปิยะ วงศ์ทอง"],
        [
            "เบอร์โทรศัพท์ของคุณ{n}คือ {v} ค่ะ",
            "ลูกค้าขอให้ติดต่อกลับที่เบอร์ {v} ครับ",
        ],
        [
            "พนักงานส่งของจะโทรไปที่ {v} ก่อนส่งคำสั่งซื้อ {id}",
            "เรื่องร้องเรียน {id} ติดต่อคุณ{n}ได้ที่ {v}",
        ],
    ),
    "tl": (
        ["PH"],
        ["Maria Santos", "Jose Reyes", "Angelica Cruz"],
        [
            "Ang cellphone number ni {n} ay {v}.",
            "Pakitawagan po ang customer sa {v} mamayang hapon.",
        ],
        [
            "Tatawag ang rider sa {v} bago i-deliver ang order {id}.",
            "Sa ticket {id}, iniwan ni {n} ang numerong {v}.",
        ],
    ),
    "sw": (
        ["KE", "TZ"],
        ["Amina Mwangi", "Baraka Otieno", "Neema Mushi"],
        [
            "Unaweza kumpigia {n} kwa namba {v}.",
            "Mteja ameomba apigiwe simu kwa {v}.",
        ],
        [
            "Msafirishaji atapiga {v} kabla ya kuleta oda {id}.",
            "Kwa tiketi {id}, namba ya {n} ni {v}.",
        ],
    ),
    "ur": (
        ["PK"],
        ["عائشہ خان", "عمران علی", "فاطمہ ملک"],
        [
            "{n} کا موبائل نمبر {v} ہے۔",
            "گاہک نے کہا ہے کہ انہیں {v} پر واپس کال کریں۔",
        ],
        [
            "آرڈر {id} کی ڈیلیوری سے پہلے رائیڈر {v} پر کال کرے گا۔",
            "شکایت نمبر {id} کے لیے {n} کا رابطہ نمبر {v} ہے۔",
        ],
    ),
}
