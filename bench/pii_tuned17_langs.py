"""Support-bot replies in many languages for the held-out part, each quoting a phone number beside an order,
ticket or booking reference: per language one sentence with the reference first and one with the number first."""

from __future__ import annotations

# language -> (reference first, number first); {id} is the reference and {p} the phone number
NEAR_ID: dict[str, tuple[str, ...]] = {
    "en": (
        "Thanks for waiting! Order {id} is out for delivery and the driver will ring {p} when he's close.",
        "I've logged your callback on {p} against ticket {id}; expect a call within two working days.",
        "Booking ref {id} - the hotel asked us to pass on that they'll confirm late check-in via {p}.",
        "Got it: we'll text {p} once parcel {id} clears customs.",
    ),
    "es": (
        "Su pedido {id} ya salió del almacén; el repartidor llamará al {p} antes de llegar.",
        "He registrado el teléfono {p} en la incidencia {id}, un técnico le contactará mañana.",
    ),
    "pt": (
        "O pedido {id} foi despachado hoje e a transportadora vai ligar para {p} para agendar a entrega.",
        "Anotei o celular {p} no chamado {id}; nossa equipe retorna em até 48 horas.",
    ),
    "fr": (
        "Votre commande {id} est en préparation ; le livreur vous appellera au {p} la veille.",
        "J'ai bien noté le numéro {p} sur le dossier {id}, un conseiller vous rappelle demain matin.",
    ),
    "de": (
        "Ihre Bestellung {id} ist unterwegs, der Fahrer meldet sich kurz vorher unter {p}.",
        "Ich habe die Rückrufnummer {p} im Ticket {id} hinterlegt – wir melden uns bis Freitag.",
    ),
    "it": (
        "L'ordine {id} è stato spedito; il corriere chiamerà il {p} prima della consegna.",
        "Ho aggiunto il numero {p} alla pratica {id}, verrà ricontattato entro 24 ore.",
    ),
    "nl": (
        "Bestelling {id} wordt morgen bezorgd; de koerier belt naar {p} als hij in de buurt is.",
        "Ik heb {p} als terugbelnummer bij melding {id} gezet, we bellen u donderdag terug.",
    ),
    "ca": (
        "La comanda {id} ja és en camí i el missatger trucarà al {p} abans d'arribar.",
        "He afegit el telèfon {p} a la incidència {id}; us trucarem demà al matí.",
    ),
    "ga": (
        "Tá ordú {id} seolta; glaofaidh an tiománaí ar {p} nuair a bheidh sé in aice leat.",
        "Chuir mé an uimhir {p} le ticéad {id}, glaofaimid ar ais amárach.",
    ),
    "pl": (
        "Zamówienie {id} jest w drodze, kurier zadzwoni pod numer {p} przed doręczeniem.",
        "Dopisałem numer {p} do zgłoszenia {id} – konsultant oddzwoni jutro.",
    ),
    "cs": (
        "Objednávka {id} je na cestě, kurýr vám zavolá na {p} hodinu předem.",
        "Číslo {p} jsem přidal k požadavku {id}, ozveme se do pátku.",
    ),
    "sk": (
        "Objednávka {id} bola odoslaná, kuriér vás bude kontaktovať na čísle {p}.",
        "Telefón {p} som zapísal k tiketu {id}, technik sa ozve zajtra.",
    ),
    "hu": (
        "A(z) {id} számú rendelését ma átadtuk a futárnak, aki a {p} számon jelentkezik.",
        "A {p} visszahívási számot rögzítettem a(z) {id} bejelentéshez.",
    ),
    "ro": (
        "Comanda {id} a plecat din depozit; curierul vă va suna la {p}.",
        "Am notat numărul {p} în tichetul {id}, un coleg vă va contacta mâine.",
    ),
    "bg": (
        "Поръчка {id} е изпратена, куриерът ще се обади на {p} преди доставката.",
        "Записах телефон {p} към запитване {id}; ще ви се обадим утре.",
    ),
    "el": (
        "Η παραγγελία {id} στάλθηκε· ο κούριερ θα καλέσει στο {p} πριν την παράδοση.",
        "Καταχώρισα το τηλέφωνο {p} στο αίτημα {id}, θα σας καλέσουμε αύριο.",
    ),
    "hr": (
        "Narudžba {id} je poslana, dostavljač će nazvati na {p} prije dolaska.",
        "Broj {p} sam dodao uz prijavu {id}; javit ćemo se sutra.",
    ),
    "sl": (
        "Naročilo {id} je na poti, dostavljavec vas bo poklical na {p}.",
        "Številko {p} sem zapisal k zahtevku {id}, oglasili se bomo jutri.",
    ),
    "sr": (
        "Porudžbina {id} je poslata, kurir će vas pozvati na {p} pre isporuke.",
        "Upisao sam broj {p} uz prijavu {id}, javićemo se sutra.",
    ),
    "uk": (
        "Замовлення {id} вже в дорозі, кур'єр зателефонує на {p} перед доставкою.",
        "Я додав номер {p} до звернення {id}, ми передзвонимо завтра.",
    ),
    "ru": (
        "Заказ {id} передан в доставку, курьер позвонит на {p} за час до приезда.",
        "Номер {p} я привязал к обращению {id}, специалист перезвонит завтра.",
    ),
    "lt": (
        "Užsakymas {id} išsiųstas, kurjeris paskambins numeriu {p}.",
        "Numerį {p} pridėjau prie užklausos {id}, susisieksime rytoj.",
    ),
    "lv": (
        "Pasūtījums {id} ir ceļā, kurjers zvanīs uz {p} pirms piegādes.",
        "Numuru {p} pievienoju pieteikumam {id}, sazināsimies rīt.",
    ),
    "et": (
        "Tellimus {id} on teel, kuller helistab enne kohaletoimetamist numbril {p}.",
        "Lisasin numbri {p} pöördumisele {id}, võtame homme ühendust.",
    ),
    "fi": (
        "Tilaus {id} on matkalla, kuljettaja soittaa numeroon {p} ennen toimitusta.",
        "Lisäsin numeron {p} tukipyyntöön {id}, soitamme huomenna takaisin.",
    ),
    "sv": (
        "Order {id} är på väg och budet ringer {p} när det är nära.",
        "Jag har lagt in {p} som återuppringningsnummer i ärende {id}.",
    ),
    "nb": (
        "Bestilling {id} er sendt, og sjåføren ringer {p} før levering.",
        "Jeg har registrert {p} på sak {id}; vi ringer deg tilbake i morgen.",
    ),
    "da": (
        "Ordre {id} er afsendt, og chaufføren ringer på {p} inden levering.",
        "Jeg har noteret {p} på sag {id}, så vi ringer dig op i morgen.",
    ),
    "is": (
        "Pöntun {id} er lögð af stað og bílstjórinn hringir í {p} áður en hann kemur.",
        "Ég skráði númerið {p} á beiðni {id}; við hringjum á morgun.",
    ),
    "mt": (
        "L-ordni {id} intbagħat u l-kurrier se jċempel fuq {p} qabel il-kunsinna.",
        "Żidt in-numru {p} mal-biljett {id}, nerġgħu nċemplulek għada.",
    ),
    "sq": (
        "Porosia {id} është nisur, korrieri do t'ju telefonojë në {p}.",
        "E shënova numrin {p} te kërkesa {id}, do t'ju kontaktojmë nesër.",
    ),
    "tr": (
        "{id} numaralı siparişiniz kargoya verildi, kurye {p} numarasından sizi arayacak.",
        "{p} numarasını {id} nolu talebe ekledim, yarın dönüş yapılacak.",
    ),
    "hi": (
        "आपका ऑर्डर {id} भेज दिया गया है, डिलीवरी से पहले कूरियर {p} पर कॉल करेगा।",
        "मैंने नंबर {p} को शिकायत {id} में जोड़ दिया है, कल आपको कॉल आएगा।",
    ),
    "ur": (
        "آپ کا آرڈر {id} روانہ ہو گیا ہے، رائیڈر {p} پر کال کرے گا۔",
        "میں نے نمبر {p} کو شکایت {id} کے ساتھ درج کر دیا ہے۔",
    ),
    "bn": (
        "আপনার অর্ডার {id} পাঠানো হয়েছে, ডেলিভারির আগে কুরিয়ার {p} নম্বরে ফোন করবে।",
        "নম্বর {p} টিকিট {id}-এর সাথে যুক্ত করেছি, কাল আপনাকে ফোন করা হবে।",
    ),
    "ta": (
        "உங்கள் ஆர்டர் {id} அனுப்பப்பட்டது; டெலிவரிக்கு முன் {p} எண்ணுக்கு அழைப்பார்கள்.",
        "{p} என்ற எண்ணை புகார் {id} உடன் சேர்த்துள்ளேன்.",
    ),
    "ne": (
        "तपाईंको अर्डर {id} पठाइएको छ, कुरियरले {p} मा फोन गर्नेछ।",
        "मैले नम्बर {p} लाई टिकट {id} मा थपेको छु।",
    ),
    "ja": (
        "ご注文番号{id}は本日発送しました。配達前にドライバーから{p}へお電話します。",
        "折り返し先として{p}をお問い合わせ番号{id}に登録いたしました。",
    ),
    "ko": (
        "주문번호 {id} 상품이 출발했습니다. 배송 전 기사님이 {p}(으)로 연락드립니다.",
        "{p} 번호를 문의 {id}에 등록했습니다. 내일 중 연락드리겠습니다.",
    ),
    "zh": (
        "您的订单{id}已发货，快递员派送前会拨打{p}联系您。",
        "已将回拨号码{p}登记到工单{id}，客服将在24小时内联系您。",
    ),
    "ms": (
        "Pesanan {id} telah dihantar dan kurier akan menghubungi {p} sebelum tiba.",
        "Saya telah merekod nombor {p} pada tiket {id}; kami akan telefon esok.",
    ),
    "id": (
        "Pesanan {id} sudah dikirim, kurir akan menelepon {p} sebelum sampai.",
        "Nomor {p} sudah saya catat di tiket {id}, tim kami akan menghubungi besok.",
    ),
    "th": (
        "คำสั่งซื้อ {id} จัดส่งแล้ว พนักงานจะโทรหาที่ {p} ก่อนถึง",
        "บันทึกเบอร์ {p} ไว้ในเคส {id} แล้ว เจ้าหน้าที่จะติดต่อกลับพรุ่งนี้",
    ),
    "vi": (
        "Đơn hàng {id} đã được giao cho đơn vị vận chuyển, shipper sẽ gọi số {p} trước khi giao.",
        "Tôi đã ghi số {p} vào phiếu hỗ trợ {id}, nhân viên sẽ gọi lại vào ngày mai.",
    ),
    "tl": (
        "Naipadala na ang order {id}; tatawag ang rider sa {p} bago dumating.",
        "Nailagay ko na ang numerong {p} sa ticket {id}, tatawagan ka namin bukas.",
    ),
    "he": (
        "הזמנה {id} נשלחה, השליח יתקשר למספר {p} לפני המסירה.",
        "רשמתי את המספר {p} בפנייה {id}, נחזור אליך מחר.",
    ),
    "ar": (
        "تم شحن طلبك رقم {id} وسيتصل بك المندوب على {p} قبل التسليم.",
        "سجّلت الرقم {p} في التذكرة {id} وسيعاود فريقنا الاتصال غدًا.",
    ),
    "ka": (
        "შეკვეთა {id} გაიგზავნა, კურიერი დაგირეკავთ ნომერზე {p}.",
        "ნომერი {p} დავამატე მოთხოვნას {id}, ხვალ დაგიკავშირდებით.",
    ),
    "hy": (
        "Պատվեր {id}-ն ուղարկված է, առաքիչը կզանգի {p} համարին։",
        "{p} համարը կցեցի {id} հայտին, վաղը կզանգենք։",
    ),
    "fa": (
        "سفارش {id} ارسال شد و پیک قبل از تحویل با {p} تماس می‌گیرد.",
        "شماره {p} را در تیکت {id} ثبت کردم؛ فردا با شما تماس می‌گیریم.",
    ),
    "mn": (
        "Таны {id} захиалга илгээгдсэн, хүргэгч {p} дугаарт залгана.",
        "{p} дугаарыг {id} хүсэлтэд бүртгэлээ, маргааш холбогдоно.",
    ),
    "sw": (
        "Oda {id} imetumwa; msafirishaji atapiga {p} kabla ya kufika.",
        "Nimeongeza namba {p} kwenye tiketi {id}, tutakupigia kesho.",
    ),
    "af": (
        "Bestelling {id} is gestuur; die koerier sal {p} bel voordat hy aflewer.",
        "Ek het {p} by verwysing {id} aangeteken, ons skakel jou môre terug.",
    ),
    "am": (
        "ትዕዛዝ {id} ተልኳል፤ አድራሹ ከመድረሱ በፊት ወደ {p} ይደውላል።",
        "ቁጥር {p} በትኬት {id} ላይ መዝግቤያለሁ፤ ነገ እንደውላለን።",
    ),
}

# the number is named only by what is said around it: no "phone", "tel" or "call" before it
CONTEXT_ONLY: dict[str, tuple[str, ...]] = {
    "en": (
        "If nobody answers the door, the courier can try {p} - that's my neighbour Gwen, she has a key.",
        "Her details for the reservation: Mrs. Okonjo, two adults, {p}, arriving around nine.",
        "WhatsApp works best for him. {p}. He is usually free after six.",
        "Reach out to the site foreman before unloading: {p} (Dev).",
        "For after-hours emergencies the on-call engineer this week is Malik on {p}.",
    ),
    "es": ("Si no hay nadie en casa, pruebe con mi hermana Lucía: {p}.",),
    "fr": ("En cas d'absence, voyez avec la gardienne, Mme Roux, {p}.",),
    "de": ("Falls niemand öffnet, bitte bei Frau Keller melden: {p}.",),
    "pt": ("Se eu não estiver, fale com o porteiro Sr. Abreu, {p}.",),
}
