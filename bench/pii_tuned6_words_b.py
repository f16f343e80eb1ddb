"""Phone sentences of PII tuned part 6 in the languages of Asia and Africa, written for this part, in the same
shape as pii_tuned6_words_a (``contact``, ``near`` an id, ``two`` numbers; slots ``{p}``, ``{q}``, ``{name}``,
``{id}``)."""

from __future__ import annotations

LANGS_B: dict[str, dict[str, list[str]]] = {
    "hi": {
        "names": ["प्रिया शर्मा", "राहुल वर्मा", "अनीता सिंह", "Rohit Kulkarni"],
        "contact": [
            "आप {name} को {p} पर शाम छह बजे के बाद कॉल कर सकते हैं।",
            "ग्राहक ने जो नंबर दिया है वह {p} है।",
            "उनका मोबाइल नंबर {p} है, वे व्हाट्सऐप पर जवाब देती हैं।",
            "मैंने {name} का फ़ोन नंबर बदलकर {p} कर दिया है।",
            "डिलीवरी बॉय पहुँचने पर {p} पर फ़ोन करेगा।",
            "Customer {name} ka number {p} hai, kal subah call karna.",
        ],
        "near": [
            "ऑर्डर {id}: ग्राहक चाहती हैं कि भेजने से पहले {p} पर कॉल किया जाए।",
            "टिकट {id} – कॉलबैक नंबर {p}।",
            "बुकिंग {id} {name} के नाम पर है, फ़ोन {p}।",
            "कृपया पार्सल {id} के बारे में {p} पर कॉल करें।",
            "Order {id} ke liye customer ko {p} par call karein.",
        ],
        "two": ["{name} ने दो नंबर दिए हैं: {p} (घर) और {q} (मोबाइल)।"],
    },
    "he": {
        "names": ["נועה כהן", "שירה לוי", "מיכל אברהם"],
        "contact": [
            "אפשר להתקשר ל{name} במספר {p} אחרי הצהריים.",
            "המספר שהלקוח השאיר הוא {p}.",
            "הנייד שלה: {p}.",
            "עדכנתי את מספר הטלפון של הלקוחה ל-{p}.",
        ],
        "near": [
            "הזמנה {id}: הלקוחה מבקשת שיחזרו אליה ל-{p}.",
            "פנייה {id} – מספר לחזרה {p}.",
            "נא להתקשר ל-{p} בנוגע למשלוח {id}.",
        ],
        "two": ["{name} השאירה שני מספרים: {p} ו-{q}."],
    },
    "ar": {
        "names": ["فاطمة الزهراني", "خالد العتيبي", "ليلى حداد", "عمر المنصوري"],
        "contact": [
            "يمكنك الاتصال بـ{name} على الرقم {p} بعد العصر.",
            "الرقم الذي تركه العميل هو {p}.",
            "رقم جوالها {p}، وتفضّل الرسائل على واتساب.",
            "قمت بتحديث رقم هاتف العميل إلى {p}.",
            "سيتصل المندوب على {p} عند الوصول.",
        ],
        "near": [
            "الطلب {id}: العميلة تطلب الاتصال بها على {p} قبل الشحن.",
            "التذكرة {id} – رقم معاودة الاتصال {p}.",
            "الحجز {id} باسم {name}، الهاتف {p}.",
            "يرجى الاتصال على {p} بخصوص الشحنة {id}.",
        ],
        "two": ["لدى العميل رقمان: {p} (المنزل) و{q} (الجوال)."],
    },
    "zh": {
        "names": ["王芳", "李建国", "陈晓雯"],
        "contact": [
            "您可以在下午拨打{p}联系{name}。",
            "客户留下的电话是{p}。",
            "她的手机号码是 {p}，请优先发短信。",
            "已将{name}的联系电话更新为 {p}。",
            "快递员到达时会拨打 {p}。",
        ],
        "near": [
            "订单 {id}：客户希望发货前打 {p} 联系她。",
            "工单 {id} - 回拨电话 {p}。",
            "预订 {id} 登记在{name}名下，电话 {p}。",
            "请就包裹 {id} 拨打 {p}。",
        ],
        "two": ["{name}留了两个号码：{p}（家）和 {q}（手机）。"],
    },
    "ja": {
        "names": ["佐藤 美咲", "田中 健一", "鈴木 彩"],
        "contact": [
            "{name}様へは {p} までお電話ください。",
            "お客様からお伺いした電話番号は {p} です。",
            "携帯番号は {p} とのことです。",
            "ご連絡先を {p} に変更いたしました。",
        ],
        "near": [
            "ご注文番号 {id} の件で、{p} へ折り返しお電話いたします。",
            "お問い合わせ番号 {id}：折り返し先 {p}",
            "予約番号 {id} は{name}様、電話 {p} で承っております。",
            "{p} のお客様から配送 {id} についてお問い合わせがありました。",
        ],
        "two": ["{name}様の連絡先は {p}（自宅）と {q}（携帯）です。"],
    },
    "th": {
        "names": ["สมหญิง ใจดี", "ธนากร ศรีสุข", "นภัส วงศ์ไทย"],
        "contact": [
            "คุณสามารถติดต่อคุณ{name}ได้ที่ {p} หลังบ่ายสามโมง",
            "เบอร์ที่ลูกค้าให้ไว้คือ {p}",
            "เบอร์มือถือของเธอคือ {p}",
            "อัปเดตเบอร์โทรของลูกค้าเป็น {p} แล้วค่ะ",
        ],
        "near": [
            "คำสั่งซื้อ {id}: ลูกค้าขอให้โทรกลับที่ {p}",
            "ตั๋ว {id} – เบอร์โทรกลับ {p}",
            "กรุณาโทร {p} เรื่องพัสดุ {id}",
        ],
        "two": ["คุณ{name}ให้เบอร์ไว้สองเบอร์: {p} และ {q}"],
    },
    "vi": {
        "names": ["Nguyễn Thị Lan", "Lê Ngọc Anh", "Phạm Thu Hà"],
        "contact": [
            "Bạn có thể gọi cho chị {name} theo số {p} sau 5 giờ chiều.",
            "Số điện thoại khách hàng để lại là {p}.",
            "Số di động của chị ấy là {p}.",
            "Tôi đã cập nhật số liên lạc của khách thành {p}.",
        ],
        "near": [
            "Đơn hàng {id}: khách muốn được gọi lại theo số {p}.",
            "Phiếu hỗ trợ {id} – số gọi lại {p}.",
            "Vui lòng gọi {p} về kiện hàng {id}.",
        ],
        "two": ["Chị {name} để lại hai số: {p} và {q}."],
    },
    "tl": {
        "names": ["Maria Santos", "Jose Dela Cruz", "Andrea Reyes"],
        "contact": [
            "Puwede mong tawagan si {name} sa {p} mamayang hapon.",
            "Ang numerong ibinigay ng customer ay {p}.",
            "Ang cellphone number niya ay {p}, mas gusto niya ang text.",
            "Na-update ko na ang contact number ni {name}: {p}.",
        ],
        "near": [
            "Order {id}: pakitawagan ang customer sa {p} bago i-ship.",
            "Ticket {id} – callback number {p}.",
            "Tawagan ang {p} tungkol sa parcel {id}.",
        ],
        "two": ["Dalawang numero ang iniwan ni {name}: {p} at {q}."],
    },
    "ms": {
        "names": ["Nur Aisyah binti Rahman", "Ahmad Faizal", "Siti Nurhaliza Omar"],
        "contact": [
            "Anda boleh hubungi {name} di talian {p} selepas pukul 3.",
            "Nombor yang diberikan oleh pelanggan ialah {p}.",
            "Nombor telefon bimbitnya {p}.",
            "Saya telah kemas kini nombor telefon pelanggan kepada {p}.",
        ],
        "near": [
            "Pesanan {id}: pelanggan minta dihubungi di {p}.",
            "Tiket {id} – nombor panggilan balik {p}.",
            "Sila hubungi {p} berkenaan bungkusan {id}.",
        ],
        "two": ["{name} memberi dua nombor: {p} (rumah) dan {q} (bimbit)."],
    },
    "sw": {
        "names": ["Amina Juma", "Baraka Mwita", "Neema Otieno"],
        "contact": [
            "Unaweza kumpigia {name} kwa namba {p} mchana.",
            "Namba aliyotoa mteja ni {p}.",
            "Simu yake ya mkononi ni {p}.",
            "Nimesasisha namba ya simu ya mteja kuwa {p}.",
        ],
        "near": [
            "Oda {id}: mteja anaomba apigiwe kwa {p} kabla ya kusafirisha.",
            "Tiketi {id} – namba ya kupiga tena {p}.",
            "Tafadhali piga {p} kuhusu kifurushi {id}.",
        ],
        "two": ["{name} ameacha namba mbili: {p} na {q}."],
    },
}
