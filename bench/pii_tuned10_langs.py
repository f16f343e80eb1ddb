"""Contact sentences for PII tuned part 10, each in its language's own words: ``{p}`` is a person's phone
number, ``{id}`` an order, ticket, booking, claim, tracking or reference id beside it (in either order). The last
plain sentence of each language names the number by context only, never as a "phone" or "number"."""

from __future__ import annotations

# lang -> (plain sentences, sentences with an id beside the phone)
PHONE_PHRASES: dict[str, tuple[list[str], list[str]]] = {
    "en": (
        [
            "I've checked the profile: the mobile we hold for Mrs. Achterberg is {p}.",
            "Your courier asked us to pass on his direct line, {p}, in case the gate code fails.",
            "Got it, I've swapped the old contact for {p} and flagged it as preferred.",
            "The landlord's number, as given on the tenancy form, is {p}.",
            "Text Morgan on {p} once the parcel is at the locker.",
            "If nobody answers, try her at home: {p} (evenings only).",
            "Ring Desmond on {p} when you're outside the flat.",
        ],
        [
            "Order {id} is on hold until we reach you on {p} to confirm the address.",
            "For booking {id}, the lead guest's phone is {p}.",
            "I've attached {p} as the callback for ticket {id}.",
            "The driver will call {p} before dropping off tracking no. {id}.",
            "Claim {id}: the policyholder asked to be contacted on {p}.",
        ],
    ),
    "es": (
        [
            "He revisado su ficha: el móvil que tenemos registrado es el {p}.",
            "Puede llamar a la señora Quintana al {p} a partir de las cuatro.",
            "Hemos actualizado su teléfono de contacto a {p}, tal como pidió.",
            "Si el repartidor no encuentra el portal, escríbale un WhatsApp al {p}.",
        ],
        [
            "Su pedido n.º {id} saldrá mañana; el transportista le llamará al {p}.",
            "Le llamaremos al {p} para confirmar la reserva {id}.",
            "Incidencia {id}: el cliente pide que le devuelvan la llamada al {p}.",
        ],
    ),
    "hi": (
        [
            "आपके खाते में दर्ज मोबाइल नंबर {p} है।",
            "कृपया श्रीमती वर्मा से {p} पर संपर्क करें, वे शाम को उपलब्ध रहती हैं।",
            "हमने आपका नया फ़ोन नंबर {p} अपडेट कर दिया है।",
            "डिलीवरी से पहले राजेश जी को {p} पर कॉल कर लीजिए।",
        ],
        [
            "आपका ऑर्डर {id} कल पहुँचेगा; डिलीवरी एजेंट {p} पर फ़ोन करेगा।",
            "टिकट {id} के लिए ग्राहक ने कॉलबैक नंबर {p} दिया है।",
            "बुकिंग {id} की पुष्टि के लिए हम आपको {p} पर कॉल करेंगे।",
        ],
    ),
    "de": (
        [
            "Laut Kundenkonto lautet Ihre Handynummer {p}.",
            "Frau Brandstetter ist tagsüber unter {p} erreichbar.",
            "Ich habe die neue Rufnummer {p} als Hauptkontakt hinterlegt.",
            "Bitte rufen Sie Herrn Kowalczyk kurz unter {p} an, bevor Sie liefern.",
        ],
        [
            "Zu Ihrer Bestellung {id}: Der Fahrer meldet sich unter {p}.",
            "Wir erreichen Sie unter {p} wegen des Vorgangs {id}.",
            "Schadensnummer {id} – Rückruf bitte an {p}.",
        ],
    ),
    "fr": (
        [
            "Le numéro de portable enregistré sur votre compte est le {p}.",
            "Vous pouvez joindre Mme Lefebvre au {p} jusqu'à 18 h.",
            "J'ai bien remplacé votre ancien numéro par le {p}.",
            "Passez un coup de fil à Thibault au {p} en arrivant devant l'immeuble.",
        ],
        [
            "Pour la commande {id}, le livreur vous appellera au {p}.",
            "Nous vous rappellerons au {p} au sujet du dossier {id}.",
            "Réservation {id} : le client souhaite être contacté au {p}.",
        ],
    ),
    "pt": (
        [
            "O celular cadastrado na sua conta é {p}.",
            "A Dona Conceição pode ser contactada pelo {p} durante a manhã.",
            "Atualizamos o seu telefone de contato para {p}.",
            "Manda um zap pro Rodrigo no {p} quando chegar na portaria.",
        ],
        [
            "Seu pedido {id} sai hoje; o entregador vai ligar para {p}.",
            "Protocolo {id}: o cliente pediu retorno no {p}.",
            "Ligaremos para {p} para confirmar a reserva {id}.",
        ],
    ),
    "it": (
        [
            "Il cellulare registrato sul suo profilo è il {p}.",
            "Può contattare la signora Esposito al {p} in mattinata.",
            "Ho aggiornato il suo recapito telefonico con il {p}.",
            "Fai uno squillo a Gianluca al {p} quando sei sotto casa.",
        ],
        [
            "Per l'ordine {id} il corriere la chiamerà al {p}.",
            "Pratica {id}: il cliente chiede di essere richiamato al {p}.",
            "La chiameremo al {p} per confermare la prenotazione {id}.",
        ],
    ),
    "nl": (
        [
            "Het mobiele nummer in uw account is {p}.",
            "Mevrouw De Vries is overdag bereikbaar op {p}.",
            "Ik heb uw nieuwe telefoonnummer {p} opgeslagen.",
            "Bel Joost even op {p} als je voor de deur staat.",
        ],
        [
            "Voor bestelling {id} belt de bezorger u op {p}.",
            "We bellen u terug op {p} over melding {id}.",
            "Reservering {id}: de gast wil gebeld worden op {p}.",
        ],
    ),
    "pl": (
        [
            "Numer komórki zapisany na Pana koncie to {p}.",
            "Pani Zielińska jest dostępna pod numerem {p} do 17:00.",
            "Zaktualizowałem numer kontaktowy na {p}.",
            "Zadzwoń do Bartka na {p}, jak będziesz pod blokiem.",
        ],
        [
            "W sprawie zamówienia {id} kurier zadzwoni pod {p}.",
            "Oddzwonimy pod {p} w sprawie zgłoszenia {id}.",
            "Rezerwacja {id}: gość prosi o kontakt pod {p}.",
        ],
    ),
    "sv": (
        [
            "Mobilnumret vi har registrerat för dig är {p}.",
            "Du når Karin Lindqvist på {p} efter lunch.",
            "Jag har bytt ditt telefonnummer till {p}.",
            "Slå en signal till Olle på {p} när du är framme.",
        ],
        [
            "Budet ringer {p} innan order {id} levereras.",
            "Vi ringer upp dig på {p} angående ärende {id}.",
            "Bokning {id}: gästen vill bli kontaktad på {p}.",
        ],
    ),
    "nb": (
        [
            "Mobilnummeret som står på kontoen din er {p}.",
            "Du kan nå Ingrid Haugen på {p} i kontortiden.",
            "Jeg har oppdatert telefonnummeret ditt til {p}.",
            "Ring Sindre på {p} når du står utenfor døra.",
        ],
        [
            "Sjåføren ringer {p} før ordre {id} leveres.",
            "Vi ringer deg tilbake på {p} angående sak {id}.",
            "Bestilling {id}: gjesten ønsker å bli kontaktet på {p}.",
        ],
    ),
    "da": (
        [
            "Det mobilnummer, vi har registreret på din konto, er {p}.",
            "Du kan fange Mette Sørensen på {p} hele formiddagen.",
            "Jeg har opdateret dit telefonnummer til {p}.",
            "Giv Rasmus et kald på {p}, når du holder udenfor.",
        ],
        [
            "Chaufføren ringer til {p}, før ordre {id} bliver leveret.",
            "Vi ringer dig op på {p} vedrørende sag {id}.",
            "Booking {id}: gæsten ønsker at blive kontaktet på {p}.",
        ],
    ),
    "fi": (
        [
            "Tilillesi tallennettu matkapuhelinnumero on {p}.",
            "Tavoitat Anneli Virtasen numerosta {p} arkipäivisin.",
            "Päivitin puhelinnumeroksesi {p}.",
            "Soita Jussille {p}, kun olet oven takana.",
        ],
        [
            "Kuljettaja soittaa numeroon {p} ennen tilauksen {id} toimitusta.",
            "Soitamme sinulle numeroon {p} tapaukseen {id} liittyen.",
            "Varaus {id}: asiakas toivoo yhteydenottoa numeroon {p}.",
        ],
    ),
    "cs": (
        [
            "Mobilní číslo uvedené ve vašem účtu je {p}.",
            "Paní Dvořáková je k zastižení na čísle {p} dopoledne.",
            "Vaše telefonní číslo jsem změnil na {p}.",
            "Cinkni Honzovi na {p}, až budeš před domem.",
        ],
        [
            "Kurýr vám před doručením objednávky {id} zavolá na {p}.",
            "Ozveme se vám na {p} ohledně požadavku {id}.",
            "Rezervace {id}: host žádá o kontakt na {p}.",
        ],
    ),
    "el": (
        [
            "Το κινητό που έχουμε καταχωρίσει στον λογαριασμό σας είναι {p}.",
            "Μπορείτε να βρείτε την κυρία Παπαδοπούλου στο {p} το πρωί.",
            "Ενημέρωσα το τηλέφωνο επικοινωνίας σας σε {p}.",
            "Πάρε τον Νίκο στο {p} μόλις φτάσεις στην πολυκατοικία.",
        ],
        [
            "Για την παραγγελία {id} ο κούριερ θα σας καλέσει στο {p}.",
            "Θα σας καλέσουμε στο {p} για το αίτημα {id}.",
            "Κράτηση {id}: ο πελάτης ζητά επικοινωνία στο {p}.",
        ],
    ),
    "ro": (
        [
            "Numărul de mobil din contul dumneavoastră este {p}.",
            "O puteți contacta pe doamna Popescu la {p} după-amiaza.",
            "Am actualizat numărul de telefon la {p}.",
            "Dă-i un bip lui Mihai la {p} când ajungi la scară.",
        ],
        [
            "Pentru comanda {id}, curierul vă va suna la {p}.",
            "Vă sunăm înapoi la {p} în legătură cu tichetul {id}.",
            "Rezervarea {id}: clientul dorește să fie contactat la {p}.",
        ],
    ),
    "hu": (
        [
            "A fiókjában szereplő mobilszám: {p}.",
            "Kovácsné a {p} számon érhető el délelőtt.",
            "Frissítettem a telefonszámát erre: {p}.",
            "Csörgess rá Bencére a {p} számon, ha odaértél.",
        ],
        [
            "A(z) {id} rendelésnél a futár a {p} számot hívja.",
            "A(z) {id} bejelentés ügyében a {p} számon hívjuk vissza.",
            "Foglalás {id}: a vendég a {p} számon kér visszahívást.",
        ],
    ),
    "uk": (
        [
            "Мобільний номер у вашому акаунті: {p}.",
            "Пані Коваленко можна застати за номером {p} до обіду.",
            "Я оновив ваш контактний телефон на {p}.",
            "Набери Тараса на {p}, коли будеш біля під'їзду.",
        ],
        [
            "Щодо замовлення {id} кур'єр зателефонує на {p}.",
            "Ми передзвонимо на {p} щодо звернення {id}.",
            "Бронювання {id}: гість просить зв'язатися за номером {p}.",
        ],
    ),
    "tr": (
        [
            "Hesabınızda kayıtlı cep telefonu numarası {p}.",
            "Ayşe Hanım'a {p} numarasından öğleden sonra ulaşabilirsiniz.",
            "İletişim numaranızı {p} olarak güncelledim.",
            "Kapıya gelince Emre'yi {p} üzerinden ara.",
        ],
        [
            "{id} numaralı siparişiniz için kurye sizi {p} numarasından arayacak.",
            "{id} numaralı talebiniz için {p} numarasından dönüş yapacağız.",
            "Rezervasyon {id}: misafir {p} numarasından aranmak istiyor.",
        ],
    ),
    "ur": (
        [
            "آپ کے اکاؤنٹ میں درج موبائل نمبر {p} ہے۔",
            "بیگم صدیقی سے {p} پر شام کے وقت رابطہ کریں۔",
            "ہم نے آپ کا نیا فون نمبر {p} محفوظ کر لیا ہے۔",
            "گیٹ پر پہنچ کر عمران بھائی کو {p} پر کال کر لیں۔",
        ],
        [
            "آرڈر {id} کے لیے رائیڈر آپ کو {p} پر کال کرے گا۔",
            "شکایت {id} کے سلسلے میں ہم {p} پر واپس کال کریں گے۔",
            "بکنگ {id}: مہمان نے رابطے کے لیے {p} دیا ہے۔",
        ],
    ),
    "ja": (
        [
            "ご登録の携帯電話番号は{p}です。",
            "佐々木様には平日の日中、{p}へご連絡ください。",
            "ご連絡先を{p}に変更いたしました。",
            "到着されましたら、{p}の高橋までお電話ください。",
        ],
        [
            "ご注文番号{id}の配達前に、ドライバーが{p}へお電話します。",
            "お問い合わせ番号{id}について、{p}へ折り返しご連絡いたします。",
            "予約番号{id}：お客様のご連絡先は{p}です。",
        ],
    ),
    "zh": (
        [
            "您账户上登记的手机号码是{p}。",
            "王女士白天可以通过{p}联系到她。",
            "我已将您的联系电话更新为{p}。",
            "到了小区门口给李师傅打{p}就行。",
        ],
        [
            "订单{id}发货前，快递员会拨打{p}与您联系。",
            "关于工单{id}，我们会回拨{p}。",
            "预订{id}：客人留的联系方式是{p}。",
        ],
    ),
    "ko": (
        [
            "회원님 계정에 등록된 휴대폰 번호는 {p}입니다.",
            "김지현 고객님은 오전 중 {p}(으)로 연락 가능합니다.",
            "연락처를 {p}(으)로 변경해 드렸습니다.",
            "도착하시면 {p}로 박 기사님께 전화 주세요.",
        ],
        [
            "주문번호 {id} 배송 전에 기사님이 {p}(으)로 연락드립니다.",
            "문의 {id} 건은 {p}(으)로 회신 드리겠습니다.",
            "예약번호 {id}: 고객님 연락처는 {p}입니다.",
        ],
    ),
    "id": (
        [
            "Nomor HP yang terdaftar di akun Anda adalah {p}.",
            "Ibu Siregar bisa dihubungi di {p} pada jam kerja.",
            "Nomor telepon Anda sudah kami ubah menjadi {p}.",
            "Kabari Mas Adi di {p} kalau sudah sampai di lobi.",
        ],
        [
            "Untuk pesanan {id}, kurir akan menelepon ke {p}.",
            "Kami akan menghubungi {p} terkait tiket {id}.",
            "Booking {id}: tamu minta dihubungi lewat {p}.",
        ],
    ),
    "vi": (
        [
            "Số điện thoại di động trong tài khoản của anh là {p}.",
            "Chị Nguyễn Thị Hoa có thể liên lạc qua số {p} vào buổi sáng.",
            "Em đã cập nhật số liên hệ của chị thành {p}.",
            "Tới cổng thì gọi anh Tuấn qua {p} nhé.",
        ],
        [
            "Với đơn hàng {id}, shipper sẽ gọi cho anh qua số {p}.",
            "Chúng tôi sẽ gọi lại số {p} về yêu cầu {id}.",
            "Đặt phòng {id}: khách muốn được liên hệ qua {p}.",
        ],
    ),
    "th": (
        [
            "เบอร์มือถือที่ลงทะเบียนไว้ในบัญชีของคุณคือ {p}",
            "ติดต่อคุณสมศรีได้ที่ {p} ช่วงเช้าค่ะ",
            "เราได้อัปเดตเบอร์ติดต่อของคุณเป็น {p} แล้วครับ",
            "ถึงหน้าหมู่บ้านแล้วโทรหาพี่ต้นที่ {p} ได้เลย",
        ],
        [
            "คำสั่งซื้อ {id} พนักงานส่งของจะโทรหาคุณที่ {p}",
            "เราจะติดต่อกลับที่ {p} เรื่องเคส {id}",
            "การจอง {id}: ลูกค้าขอให้ติดต่อกลับที่ {p}",
        ],
    ),
    "tl": (
        [
            "Ang mobile number na naka-register sa account mo ay {p}.",
            "Puwede mong tawagan si Aling Nena sa {p} tuwing umaga.",
            "Na-update na namin ang contact number mo sa {p}.",
            "I-text mo si Kuya Jun sa {p} pagdating mo sa gate.",
        ],
        [
            "Para sa order {id}, tatawag ang rider sa {p}.",
            "Tatawagan ka namin sa {p} tungkol sa ticket {id}.",
            "Booking {id}: gusto ng guest na tawagan siya sa {p}.",
        ],
    ),
    "ms": (
        [
            "Nombor telefon bimbit yang berdaftar dalam akaun anda ialah {p}.",
            "Puan Rohana boleh dihubungi di {p} pada waktu pejabat.",
            "Nombor telefon anda telah dikemas kini kepada {p}.",
            "Call Abang Faiz di {p} bila dah sampai depan rumah.",
        ],
        [
            "Untuk pesanan {id}, penghantar akan menghubungi {p}.",
            "Kami akan menghubungi anda semula di {p} berkenaan tiket {id}.",
            "Tempahan {id}: tetamu minta dihubungi di {p}.",
        ],
    ),
    "ar": (
        [
            "رقم الجوال المسجل في حسابك هو {p}.",
            "يمكنك التواصل مع السيدة العتيبي على {p} في الفترة الصباحية.",
            "تم تحديث رقم التواصل الخاص بك إلى {p}.",
            "كلّم أبو خالد على {p} لما توصل عند البوابة.",
        ],
        [
            "بخصوص الطلب {id} سيتصل بك المندوب على {p}.",
            "سنعاود الاتصال بك على {p} بخصوص البلاغ {id}.",
            "الحجز {id}: يرغب الضيف في التواصل معه على {p}.",
        ],
    ),
    "he": (
        [
            "מספר הנייד הרשום בחשבון שלך הוא {p}.",
            "אפשר להשיג את גב' לוי במספר {p} בשעות הבוקר.",
            "עדכנתי את מספר הטלפון שלך ל-{p}.",
            "תתקשר לאבי ב-{p} כשתגיע לשער.",
        ],
        [
            "לגבי הזמנה {id}, השליח יתקשר אליך ל-{p}.",
            "נחזור אליך ל-{p} בנוגע לפנייה {id}.",
            "הזמנה {id}: האורח ביקש שיחזרו אליו ל-{p}.",
        ],
    ),
    "sw": (
        [
            "Namba ya simu iliyosajiliwa kwenye akaunti yako ni {p}.",
            "Unaweza kumpata Bi. Wanjiru kupitia {p} asubuhi.",
            "Tumebadilisha namba yako ya mawasiliano kuwa {p}.",
            "Ukifika getini mpigie Baraka kwa {p}.",
        ],
        [
            "Kwa oda {id}, msafirishaji atakupigia kwa {p}.",
            "Tutakupigia tena kwa {p} kuhusu tiketi {id}.",
            "Uhifadhi {id}: mgeni ameomba apigiwe kwa {p}.",
        ],
    ),
}
