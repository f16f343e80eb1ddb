"""Contact sentences of PII tuned part 8, per language, each in its own words for a phone, a call, a text or a
WhatsApp message: ``{p}`` is the number, ``{n}`` a person's name, ``{id}`` an order, ticket, booking, tracking, claim
or reference id next to the number (the id first or the number first)."""

from __future__ import annotations

# language -> (names, contact sentences, sentences with an id next to the number)
WORDS: dict[str, tuple[list[str], list[str], list[str]]] = {
    "en": (
        ["Priya Nair", "Tom Whitaker", "Chiamaka Obi", "Liam O'Rourke", "Grace Tan", "Marcus Bell"],
        [
            "Got it - {n}'s mobile is {p}, and they'd rather get a text than a call.",
            "The courier can ring {n} on {p} when he's at the gate.",
            "Best number to reach {n} after six is {p}.",
            "{n} asked us to use {p} from now on; the old landline is disconnected.",
            "If the van is late, give {n} a bell on {p}.",
            "I've saved {p} as the emergency contact for {n}.",
            "Drop {n} a WhatsApp on {p} and they'll send the photos.",
            "The landlord, {n}, picks up on {p} most mornings.",
        ],
        [
            "Order {id}: the driver will call {n} on {p} about 30 minutes before arrival.",
            "I've linked {p} to ticket {id} so the engineer can phone {n} directly.",
            "{n}'s callback number for claim {id} is {p}.",
            "Booking {id} is under {n}; contact number on the reservation: {p}.",
            "We'll text tracking updates for {id} to {p}.",
            "Reached {n} on {p} - reference {id} is now closed.",
        ],
    ),
    "es": (
        ["Lucía Fernández", "Diego Ramírez", "Valentina Rojas", "Andrés Quispe", "Camila Torres"],
        [
            "El celular de {n} es {p}; prefiere que le escriban por WhatsApp.",
            "Puedes llamar a {n} al {p} a partir de las cuatro.",
            "Le dejé un mensaje a {n} en el {p}, pero no contestó.",
            "{n} pidió que le escribamos al móvil {p} y no al fijo.",
            "Para coordinar la entrega, marca al {p} y pregunta por {n}.",
            "Su número de teléfono actualizado es {p}.",
        ],
        [
            "Pedido {id}: el repartidor llamará a {n} al {p} antes de llegar.",
            "Anoté el {p} en el ticket {id} para que el técnico se comunique con {n}.",
            "El teléfono de contacto de la reserva {id} es {p}.",
            "Llamamos a {n} al {p} por el reclamo {id}.",
            "Mándale a {n} el número de seguimiento {id} por SMS al {p}.",
        ],
    ),
    "hi": (
        ["राहुल शर्मा", "प्रिया वर्मा", "अंकित गुप्ता", "सुनीता यादव", "विकास सिंह"],
        [
            "{n} का मोबाइल नंबर {p} है, शाम के बाद ही फ़ोन करें।",
            "आप {n} को {p} पर कॉल कर सकते हैं।",
            "डिलीवरी बॉय {p} पर फ़ोन करके {n} से बात करेगा।",
            "{n} ने नया नंबर दिया है: {p}, पुराना बंद हो गया है।",
            "कृपया {p} पर व्हाट्सऐप मैसेज भेज दीजिए, {n} जवाब दे देंगे।",
            "{n} से संपर्क के लिए {p} पर मिस्ड कॉल दें।",
        ],
        [
            "ऑर्डर {id} के लिए कूरियर वाला {n} को {p} पर कॉल करेगा।",
            "टिकट {id} में संपर्क नंबर {p} जोड़ दिया गया है।",
            "बुकिंग {id} पर {n} का फ़ोन नंबर {p} दर्ज है।",
            "{p} पर SMS से आपकी शिकायत संख्या {id} भेज दी गई है।",
            "क्लेम {id} के बारे में {n} को {p} पर फ़ोन किया गया था।",
        ],
    ),
    "de": (
        ["Jonas Becker", "Anna Schneider", "Lukas Hofer", "Mara Keller", "Felix Wagner"],
        [
            "{n} ist unter {p} erreichbar, am besten vormittags.",
            "Rufen Sie {n} bitte unter der Handynummer {p} zurück.",
            "Die neue Festnetznummer von {n} lautet {p}.",
            "{n} hat um Rückruf unter {p} gebeten.",
            "Schreib {n} kurz eine SMS an {p}, dann kommt eine Antwort.",
            "Tel. privat: {p} ({n})",
        ],
        [
            "Zur Bestellung {id}: Der Fahrer ruft {n} vorher unter {p} an.",
            "Ich habe {p} im Ticket {id} als Rückrufnummer hinterlegt.",
            "Für die Buchung {id} ist {n} unter {p} zu erreichen.",
            "Schadensnummer {id}, Rückruf an {n} unter {p} erfolgt.",
            "Die Sendungsnummer {id} schicken wir per SMS an {p}.",
        ],
    ),
    "fr": (
        ["Camille Moreau", "Julien Lefèvre", "Aïcha Diallo", "Hugo Bernard", "Inès Benali"],
        [
            "Vous pouvez joindre {n} au {p} en journée.",
            "Le portable de {n} est le {p}, elle préfère les SMS.",
            "{n} demande un rappel au {p} après 18 h.",
            "Passez un coup de fil à {n} au {p} si le colis n'arrive pas.",
            "Nouveau numéro de {n} : {p}.",
            "Le livreur appellera {n} sur son mobile, le {p}.",
        ],
        [
            "Commande {id} : le transporteur contactera {n} au {p} avant la livraison.",
            "J'ai ajouté le {p} au ticket {id} pour que le technicien rappelle {n}.",
            "Réservation {id} au nom de {n}, téléphone {p}.",
            "Dossier sinistre {id} : nous avons rappelé {n} au {p}.",
            "Le numéro de suivi {id} a été envoyé par SMS au {p}.",
        ],
    ),
    "pt": (
        ["João Pereira", "Ana Souza", "Rafael Costa", "Beatriz Almeida", "Tiago Martins"],
        [
            "O celular de {n} é {p}, pode chamar no WhatsApp.",
            "Liga para {n} no {p} depois do almoço.",
            "O telemóvel de {n} é {p}; atende sempre à tarde.",
            "{n} pediu contacto pelo {p}.",
            "Deixei recado para {n} no {p}.",
        ],
        [
            "Pedido {id}: o entregador vai ligar para {n} no {p} antes de chegar.",
            "Registrei o {p} no chamado {id} para o técnico falar com {n}.",
            "A reserva {id} está em nome de {n}, telefone {p}.",
            "Sinistro {id}: retornamos a ligação para {n} no {p}.",
            "O código de rastreio {id} foi enviado por SMS para {p}.",
        ],
    ),
    "it": (
        ["Giulia Romano", "Marco Bianchi", "Chiara Greco", "Luca Esposito"],
        [
            "Il cellulare di {n} è {p}, meglio scrivere su WhatsApp.",
            "Può richiamare {n} al {p} dopo le 15.",
            "{n} ci ha lasciato il numero {p} per la consegna.",
            "Fai uno squillo a {n} al {p} quando arrivi.",
        ],
        [
            "Ordine {id}: il corriere chiamerà {n} al {p} prima della consegna.",
            "Ho inserito il {p} nel ticket {id} così il tecnico contatta {n}.",
            "Prenotazione {id} a nome di {n}, recapito telefonico {p}.",
            "Pratica sinistro {id}: abbiamo richiamato {n} al {p}.",
        ],
    ),
    "nl": (
        ["Sanne de Vries", "Daan Janssen", "Lotte Peeters", "Bram Visser"],
        [
            "Het mobiele nummer van {n} is {p}; appen mag ook.",
            "Je kunt {n} bellen op {p} tussen negen en vijf.",
            "{n} vraagt om teruggebeld te worden op {p}.",
            "Stuur {n} even een berichtje op {p}.",
        ],
        [
            "Bestelling {id}: de bezorger belt {n} vooraf op {p}.",
            "Ik heb {p} aan ticket {id} gekoppeld zodat de monteur {n} kan bellen.",
            "Reservering {id} staat op naam van {n}, telefoon {p}.",
            "Het trackingnummer {id} is per sms naar {p} gestuurd.",
        ],
    ),
    "pl": (
        ["Katarzyna Nowak", "Piotr Wiśniewski", "Agnieszka Kowalczyk", "Tomasz Lewandowski"],
        [
            "Numer komórki ({n}): {p}, proszę dzwonić po 16.",
            "Można się skontaktować z {n} pod numerem {p}.",
            "{n} prosi o oddzwonienie na {p}.",
            "Kurier zadzwoni do {n} na {p}.",
        ],
        [
            "Zamówienie {id}: kurier zadzwoni do {n} na numer {p}.",
            "Dopisałem {p} do zgłoszenia {id}, serwisant oddzwoni do {n}.",
            "Rezerwacja {id} na nazwisko {n}, tel. {p}.",
            "Numer przesyłki {id} wysłaliśmy SMS-em na {p}.",
        ],
    ),
    "sv": (
        ["Elin Lindqvist", "Oskar Berg", "Maja Johansson", "Erik Nyström"],
        [
            "{n} nås på mobilen {p}, helst efter lunch.",
            "Ring {n} på {p} om budet är försenat.",
            "Nytt telefonnummer till {n}: {p}.",
            "Skicka ett sms till {n} på {p}.",
        ],
        [
            "Order {id}: chauffören ringer {n} på {p} innan leverans.",
            "Jag har lagt in {p} på ärende {id} så teknikern kan ringa {n}.",
            "Bokning {id} står på {n}, telefon {p}.",
            "Spårningsnumret {id} skickades med sms till {p}.",
        ],
    ),
    "tr": (
        ["Elif Yılmaz", "Mehmet Demir", "Zeynep Kaya", "Burak Çelik"],
        [
            "{n} adlı müşterinin cep telefonu {p}, akşamları arayabilirsiniz.",
            "{n} kişisine {p} numarasından ulaşabilirsiniz.",
            "Kargo görevlisi {n} kişisini {p} numarasından arayacak.",
            "{n} geri aranmak için {p} numarasını bıraktı.",
        ],
        [
            "{id} numaralı sipariş için kurye {n} kişisini {p} numarasından arayacak.",
            "{p} numarasını {id} numaralı talebe ekledim.",
            "{id} rezervasyonu {n} adına, iletişim numarası {p}.",
            "Kargo takip numarası {id} SMS ile {p} numarasına gönderildi.",
        ],
    ),
    "ru": (
        ["Анна Смирнова", "Дмитрий Козлов", "Ольга Иванова", "Сергей Петров"],
        [
            "Мобильный {n}: {p}, звонить лучше после обеда.",
            "Перезвоните, пожалуйста, {n} по номеру {p}.",
            "{n} просит перезвонить по телефону {p}.",
            "Курьер позвонит {n} на {p} за час до доставки.",
        ],
        [
            "Заказ {id}: курьер позвонит {n} по номеру {p}.",
            "Я добавил номер {p} в заявку {id}, мастер перезвонит.",
            "Бронь {id} оформлена на {n}, контактный телефон {p}.",
            "Трек-номер {id} отправлен СМС на {p}.",
        ],
    ),
    "ja": (
        ["佐藤 美咲", "田中 健太", "鈴木 陽菜", "高橋 翔"],
        [
            "{n}様の携帯番号は{p}です。",
            "{n}さんには{p}までお電話ください。",
            "配達員が{p}に電話してから伺います。",
            "折り返しは{p}へお願いします({n}様)。",
        ],
        [
            "ご注文番号{id}の件で、配送業者から{p}にご連絡いたします。",
            "お問い合わせ番号{id}に連絡先電話番号{p}を登録しました。",
            "予約番号{id}、{n}様、電話{p}。",
            "{p}にSMSで追跡番号{id}をお送りしました。",
        ],
    ),
    "zh": (
        ["王芳", "李伟", "陈静", "张磊", "林怡君"],
        [
            "{n}的手机号是{p},有事可以直接打给她。",
            "请拨打{p}联系{n}。",
            "快递员会打{p}跟{n}确认地址。",
            "{n}的聯絡電話:{p}",
            "麻烦加一下{n}的微信,手机号{p}。",
        ],
        [
            "订单{id}:配送员会提前拨打{p}联系{n}。",
            "已将联系电话{p}添加到工单{id}。",
            "訂位代號{id},{n},電話{p}。",
            "运单号{id}已通过短信发送至{p}。",
        ],
    ),
    "ko": (
        ["김민지", "이준호", "박서연", "최지훈"],
        [
            "{n} 님 휴대폰 번호는 {p}입니다.",
            "{p}로 전화 주시면 {n} 님이 받으실 거예요.",
            "기사님이 도착 전에 {p}로 연락드릴 예정입니다.",
            "{n} 님 연락처: {p}",
        ],
        [
            "주문번호 {id} 건으로 배송 기사가 {p}로 전화드릴 예정입니다.",
            "문의 번호 {id}에 연락처 {p}를 등록했습니다.",
            "예약번호 {id}, 예약자 {n}, 전화 {p}.",
            "운송장 번호 {id}를 {p}로 문자 발송했습니다.",
        ],
    ),
    "ar": (
        ["أحمد العتيبي", "فاطمة الزهراني", "محمد حسن", "نورة القحطاني"],
        [
            "رقم جوال {n} هو {p}، يفضّل التواصل عبر واتساب.",
            "يمكنك الاتصال بـ{n} على الرقم {p}.",
            "طلب {n} معاودة الاتصال على {p} بعد العصر.",
            "سيتصل المندوب على {p} قبل الوصول.",
        ],
        [
            "الطلب رقم {id}: سيتصل المندوب بـ{n} على {p}.",
            "أضفت الرقم {p} إلى التذكرة {id}.",
            "الحجز {id} باسم {n}، هاتف {p}.",
            "تم إرسال رقم الشحنة {id} برسالة نصية إلى {p}.",
        ],
    ),
    "id": (
        ["Siti Rahmawati", "Budi Santoso", "Dewi Lestari", "Agus Pratama"],
        [
            "Nomor HP {n} {p}, bisa di-WA saja.",
            "Silakan telepon {n} di {p} setelah jam kerja.",
            "{n} minta ditelepon balik ke {p}.",
            "Kurir akan menghubungi {n} di nomor {p}.",
        ],
        [
            "Pesanan {id}: kurir akan menelepon {n} di {p}.",
            "Nomor {p} sudah saya tambahkan ke tiket {id}.",
            "Reservasi {id} atas nama {n}, telepon {p}.",
            "Nomor resi {id} sudah dikirim lewat SMS ke {p}.",
        ],
    ),
    "vi": (
        ["Nguyễn Thị Lan", "Trần Văn Minh", "Phạm Thu Hà", "Lê Quốc Bảo"],
        [
            "Số điện thoại của {n} là {p}, gọi sau 5 giờ chiều.",
            "Bạn có thể gọi cho {n} theo số {p}.",
            "{n} nhờ gọi lại vào số {p}.",
            "Shipper sẽ gọi {p} trước khi giao hàng.",
        ],
        [
            "Đơn hàng {id}: shipper sẽ gọi cho {n} qua số {p}.",
            "Tôi đã thêm số {p} vào phiếu hỗ trợ {id}.",
            "Đặt chỗ {id} đứng tên {n}, điện thoại {p}.",
            "Mã vận đơn {id} đã được gửi qua SMS tới {p}.",
        ],
    ),
    "th": (
        ["สมชาย ใจดี", "วรรณา ศรีสุข", "ณัฐพล วงศ์ทอง", "กนกพร แสงทอง"],
        [
            "เบอร์มือถือของคุณ{n}คือ {p} ค่ะ",
            "โทรหาคุณ{n}ได้ที่ {p} ครับ",
            "พนักงานส่งของจะโทรไปที่ {p} ก่อนถึง",
            "คุณ{n}ขอให้โทรกลับที่เบอร์ {p}",
        ],
        [
            "คำสั่งซื้อ {id}: พนักงานจะโทรหาคุณ{n}ที่ {p}",
            "เพิ่มเบอร์ {p} ในเคส {id} เรียบร้อยแล้วค่ะ",
            "การจอง {id} ในชื่อคุณ{n} โทร {p}",
            "ส่งเลขพัสดุ {id} ทาง SMS ไปที่ {p} แล้ว",
        ],
    ),
    "sw": (
        ["Amina Mwangi", "Baraka Otieno", "Neema Mushi", "Juma Kiprono"],
        [
            "Namba ya simu ya {n} ni {p}, unaweza kumpigia jioni.",
            "Mpigie {n} kwa {p} ukifika getini.",
            "{n} ameomba apigiwe tena kwa {p}.",
            "Tuma ujumbe mfupi kwa {n} kupitia {p}.",
        ],
        [
            "Oda {id}: dereva atampigia {n} kwa {p} kabla ya kufika.",
            "Nimeongeza namba {p} kwenye tiketi {id}.",
            "Nafasi {id} imehifadhiwa kwa jina la {n}, simu {p}.",
            "Namba ya ufuatiliaji {id} imetumwa kwa SMS kwenda {p}.",
        ],
    ),
    "tl": (
        ["Maria Santos", "Jose Reyes", "Angelica Cruz", "Mark Bautista"],
        [
            "Ang cellphone number ni {n} ay {p}, mas okay kung text muna.",
            "Pwede mong tawagan si {n} sa {p} mamayang hapon.",
            "Nag-iwan si {n} ng number para sa delivery: {p}.",
            "Paki-text si {n} sa {p} pag nandiyan na ang rider.",
        ],
        [
            "Order {id}: tatawagan ng rider si {n} sa {p}.",
            "Idinagdag ko ang {p} sa ticket {id} para matawagan si {n}.",
            "Booking {id} sa pangalan ni {n}, contact no. {p}.",
            "Na-text na ang tracking number {id} sa {p}.",
        ],
    ),
    "el": (
        ["Μαρία Παπαδοπούλου", "Γιώργος Νικολάου", "Ελένη Γεωργίου", "Νίκος Δημητρίου"],
        [
            "Κινητό τηλέφωνο ({n}): {p}.",
            "Μπορείτε να καλέσετε στο {p} μετά τις πέντε ({n}).",
            "Ζητήθηκε επιστροφή κλήσης στο {p} ({n}).",
            "Ο κούριερ θα τηλεφωνήσει στο {p} πριν την παράδοση.",
        ],
        [
            "Παραγγελία {id}: ο κούριερ θα καλέσει στο {p} ({n}).",
            "Πρόσθεσα το {p} στο αίτημα {id}.",
            "Κράτηση {id} στο όνομα {n}, τηλ. {p}.",
            "Ο αριθμός αποστολής {id} στάλθηκε με SMS στο {p}.",
        ],
    ),
}
