"""Support-reply sentences in many languages that quote a phone number ({p}), most of them beside an order, ticket,
booking or tracking id ({id}); "ctx" sentences name the number only by what it is for, never by a word for phone."""

from __future__ import annotations

# language -> list of (kind, template); kind is "id" (an id and a number), "plain" or "ctx"
PHONE_SENTENCES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("id", "Order {id} is held at the depot; the driver will ring {p} before 6 pm."),
        ("id", "I have updated the callback number to {p} on ticket {id}."),
        ("id", "Booking {id}: lead passenger reachable on {p} (mobile, WhatsApp too)."),
        ("ctx", "If nobody answers the door, the courier should try {p} and wait five minutes."),
        ("ctx", "Her landlady picks up at {p} most mornings, so leave the keys with her."),
        ("plain", "The best number to reach Mr Okafor is {p}, weekdays only."),
    ],
    "fr": [
        ("id", "Votre commande {id} sera livrée demain ; le livreur appellera le {p}."),
        ("id", "J'ai noté le {p} comme numéro de rappel pour le dossier {id}."),
        ("ctx", "Si le colis ne rentre pas dans la boîte, le transporteur composera le {p}."),
        ("plain", "Mme Lefèvre est joignable au {p} après 14 h."),
    ],
    "es": [
        ("id", "El pedido {id} sale hoy; el repartidor llamará al {p} antes de llegar."),
        ("id", "Hemos registrado el {p} como contacto del ticket {id}."),
        ("ctx", "Si no hay nadie en casa, el mensajero marcará el {p} y dejará el paquete con el portero."),
        ("plain", "Puede contactar con la señora Ruiz en el {p} por las tardes."),
    ],
    "pt": [
        ("id", "O pedido {id} foi despachado; o entregador vai ligar para {p}."),
        ("id", "Atualizei o contato {p} no protocolo {id}."),
        ("ctx", "Caso ninguém atenda o interfone, o motoboy tenta o {p} antes de voltar."),
        ("plain", "O celular cadastrado do senhor Almeida é {p}."),
    ],
    "ga": [
        ("id", "Tá ordú {id} ar an mbealach; glaofaidh an tiománaí ar {p}."),
        ("id", "Chuir mé {p} leis an ticéad {id} mar uimhir theagmhála."),
        ("plain", "Is féidir labhairt le Siobhán ar {p} tar éis a trí."),
    ],
    "de": [
        ("id", "Ihre Bestellung {id} ist unterwegs, der Fahrer meldet sich unter {p}."),
        ("id", "Rückrufnummer {p} habe ich im Vorgang {id} hinterlegt."),
        ("ctx", "Falls niemand öffnet, versucht der Zusteller es unter {p} und legt das Paket beim Nachbarn ab."),
        ("plain", "Frau Krüger erreichen Sie unter {p}, am besten vormittags."),
    ],
    "it": [
        ("id", "L'ordine {id} è in consegna: il corriere chiamerà il {p}."),
        ("id", "Ho aggiunto il {p} alla pratica {id} come recapito."),
        ("ctx", "Se il citofono non funziona, il fattorino proverà al {p}."),
        ("plain", "Il signor Bianchi risponde al {p} dalle 9 alle 13."),
    ],
    "nl": [
        ("id", "Bestelling {id} wordt morgen bezorgd; de chauffeur belt {p}."),
        ("id", "Ik heb {p} als terugbelnummer bij melding {id} gezet."),
        ("ctx", "Als er niet wordt opengedaan, probeert de bezorger {p} en gaat het pakket naar de buren."),
        ("plain", "Mevrouw De Vries is bereikbaar op {p}."),
    ],
    "ca": [
        ("id", "La comanda {id} surt avui; el repartidor trucarà al {p}."),
        ("id", "He afegit el {p} a la incidència {id}."),
        ("plain", "La senyora Puig respon al {p} a les tardes."),
    ],
    "pl": [
        ("id", "Zamówienie {id} jest w drodze, kurier zadzwoni pod {p}."),
        ("id", "Dopisałam numer {p} do zgłoszenia {id}."),
        ("ctx", "Jeśli nikt nie otworzy, kurier spróbuje pod {p} i zostawi paczkę u sąsiada."),
        ("plain", "Pan Nowak odbiera pod {p} po południu."),
    ],
    "cs": [
        ("id", "Objednávka {id} je na cestě, kurýr zavolá na {p}."),
        ("id", "K požadavku {id} jsem doplnil číslo {p}."),
        ("plain", "Paní Dvořáková je k zastižení na {p}."),
    ],
    "sk": [
        ("id", "Objednávka {id} je na ceste, kuriér zavolá na {p}."),
        ("id", "K tiketu {id} som doplnila číslo {p}."),
        ("plain", "Pán Horváth je k dispozícii na {p}."),
    ],
    "hu": [
        ("id", "A(z) {id} rendelést holnap szállítjuk, a futár a {p} számot hívja."),
        ("id", "A {p} számot rögzítettem a(z) {id} ügyhöz."),
        ("plain", "Kovács úr a {p} számon érhető el."),
    ],
    "ro": [
        ("id", "Comanda {id} a fost expediată; curierul va suna la {p}."),
        ("id", "Am adăugat {p} la tichetul {id}."),
        ("plain", "Doamna Popescu poate fi contactată la {p}."),
    ],
    "bg": [
        ("id", "Поръчка {id} е на път, куриерът ще звънне на {p}."),
        ("id", "Добавих {p} към заявка {id}."),
        ("plain", "Г-жа Иванова е на разположение на {p}."),
    ],
    "el": [
        ("id", "Η παραγγελία {id} έφυγε σήμερα· ο κούριερ θα καλέσει στο {p}."),
        ("id", "Πρόσθεσα το {p} στο αίτημα {id}."),
        ("plain", "Ο κ. Παπαδόπουλος απαντά στο {p}."),
    ],
    "hr": [
        ("id", "Narudžba {id} je poslana, dostavljač će nazvati {p}."),
        ("id", "Broj {p} dodala sam uz prijavu {id}."),
        ("plain", "Gospođa Horvat dostupna je na {p}."),
    ],
    "sl": [
        ("id", "Naročilo {id} je na poti, kurir bo poklical na {p}."),
        ("id", "Številko {p} sem dodal k zahtevku {id}."),
        ("plain", "Gospa Novak je dosegljiva na {p}."),
    ],
    "sr": [
        ("id", "Porudžbina {id} je poslata, kurir će pozvati {p}."),
        ("id", "Додао сам {p} уз пријаву {id}."),
        ("plain", "Господин Петровић се јавља на {p}."),
    ],
    "uk": [
        ("id", "Замовлення {id} вже в дорозі, кур'єр зателефонує на {p}."),
        ("id", "Я додала номер {p} до звернення {id}."),
        ("ctx", "Якщо домофон не працює, кур'єр набере {p}."),
        ("plain", "Пан Шевченко відповідає за номером {p}."),
    ],
    "lt": [
        ("id", "Užsakymas {id} išsiųstas, kurjeris skambins {p}."),
        ("id", "Prie užklausos {id} pridėjau numerį {p}."),
        ("plain", "Ponią Kazlauskienę galite pasiekti {p}."),
    ],
    "lv": [
        ("id", "Pasūtījums {id} ir ceļā, kurjers zvanīs uz {p}."),
        ("id", "Pieteikumam {id} pievienoju numuru {p}."),
        ("plain", "Bērziņa kungs atbild pa {p}."),
    ],
    "et": [
        ("id", "Tellimus {id} on teel, kuller helistab numbril {p}."),
        ("id", "Lisasin pöördumisele {id} numbri {p}."),
        ("plain", "Proua Tamm on kättesaadav numbril {p}."),
    ],
    "fi": [
        ("id", "Tilaus {id} on matkalla, kuljettaja soittaa numeroon {p}."),
        ("id", "Lisäsin numeron {p} tikettiin {id}."),
        ("ctx", "Jos ovikello ei toimi, lähetti kokeilee {p} ennen kuin palaa varastolle."),
        ("plain", "Virtasen tavoittaa numerosta {p}."),
    ],
    "sv": [
        ("id", "Order {id} är på väg, budet ringer {p} innan leverans."),
        ("id", "Jag har lagt till {p} på ärende {id}."),
        ("ctx", "Om porten är låst slår budet {p} och väntar några minuter."),
        ("plain", "Du når Karin Lindqvist på {p}."),
    ],
    "nb": [
        ("id", "Ordre {id} er sendt, sjåføren ringer {p} før levering."),
        ("id", "Jeg har lagt inn {p} på sak {id}."),
        ("plain", "Du når Ola Hansen på {p}."),
    ],
    "da": [
        ("id", "Ordre {id} er afsendt, chaufføren ringer på {p}."),
        ("id", "Jeg har tilføjet {p} til sag {id}."),
        ("plain", "Du kan fange Mette Jensen på {p}."),
    ],
    "is": [
        ("id", "Pöntun {id} er á leiðinni, bílstjórinn hringir í {p}."),
        ("id", "Ég bætti {p} við beiðni {id}."),
        ("plain", "Þú nærð í Guðrúnu í {p}."),
    ],
    "mt": [
        ("id", "L-ordni {id} ħarġet illum; ix-xufier se jċempel fuq {p}."),
        ("id", "Żidt {p} mal-biljett {id}."),
        ("plain", "Is-Sinjura Borg tista' ssibha fuq {p}."),
    ],
    "sq": [
        ("id", "Porosia {id} është nisur, korrieri do të telefonojë në {p}."),
        ("id", "Shtova {p} te kërkesa {id}."),
        ("plain", "Zonja Hoxha përgjigjet në {p}."),
    ],
    "tr": [
        ("id", "{id} numaralı siparişiniz yolda, kurye {p} numarasını arayacak."),
        ("id", "{p} numarasını {id} kaydına ekledim."),
        ("ctx", "Kapıyı açan olmazsa kurye {p} ile iletişime geçecek."),
        ("plain", "Ayşe Hanım'a {p} üzerinden ulaşabilirsiniz."),
    ],
    "hi": [
        ("id", "आपका ऑर्डर {id} रास्ते में है, डिलीवरी एजेंट {p} पर कॉल करेगा।"),
        ("id", "मैंने टिकट {id} में {p} को संपर्क नंबर के रूप में जोड़ दिया है।"),
        ("ctx", "अगर घर पर कोई न हो तो कूरियर {p} पर संपर्क करेगा।"),
        ("plain", "शर्मा जी से {p} पर बात हो सकती है।"),
    ],
    "ur": [
        ("id", "آپ کا آرڈر {id} روانہ ہو گیا ہے، رائڈر {p} پر کال کرے گا۔"),
        ("id", "میں نے ٹکٹ {id} میں {p} شامل کر دیا ہے۔"),
        ("plain", "احمد صاحب سے {p} پر رابطہ کریں۔"),
    ],
    "bn": [
        ("id", "আপনার অর্ডার {id} পাঠানো হয়েছে, ডেলিভারি কর্মী {p} নম্বরে ফোন করবেন।"),
        ("id", "টিকিট {id}-এ {p} যোগ করেছি।"),
        ("plain", "রহমান সাহেবকে {p} নম্বরে পাওয়া যাবে।"),
    ],
    "ta": [
        ("id", "உங்கள் ஆர்டர் {id} அனுப்பப்பட்டது; டெலிவரி நபர் {p} எண்ணுக்கு அழைப்பார்."),
        ("id", "டிக்கெட் {id} இல் {p} சேர்த்துள்ளேன்."),
        ("plain", "திரு. குமாரை {p} இல் தொடர்பு கொள்ளலாம்."),
    ],
    "ne": [
        ("id", "तपाईंको अर्डर {id} पठाइएको छ, डेलिभरी गर्ने व्यक्तिले {p} मा फोन गर्नुहुनेछ।"),
        ("id", "टिकट {id} मा {p} थपेको छु।"),
        ("plain", "श्रेष्ठ जीलाई {p} मा सम्पर्क गर्न सकिन्छ।"),
    ],
    "ja": [
        ("id", "ご注文 {id} は本日発送済みです。配達員が {p} にお電話します。"),
        ("id", "お問い合わせ番号 {id} に連絡先 {p} を登録しました。"),
        ("ctx", "不在の場合、ドライバーが {p} におかけします。"),
        ("plain", "佐藤様の連絡先は {p} です。"),
    ],
    "ko": [
        ("id", "주문 {id} 상품이 출고되었으며 기사님이 {p}(으)로 연락드립니다."),
        ("id", "문의 {id}에 연락처 {p}를 추가했습니다."),
        ("plain", "김민수 고객님 연락처는 {p}입니다."),
    ],
    "zh": [
        ("id", "您的订单 {id} 已发货，快递员会拨打 {p} 联系您。"),
        ("id", "工单 {id} 的回拨号码已更新为 {p}。"),
        ("ctx", "如果家里没人，快递员会先打 {p} 再放到驿站。"),
        ("plain", "王先生的联系方式是 {p}。"),
    ],
    "ms": [
        ("id", "Pesanan {id} sedang dihantar, penghantar akan menelefon {p}."),
        ("id", "Saya telah menambah {p} pada tiket {id}."),
        ("plain", "Encik Ahmad boleh dihubungi di {p}."),
    ],
    "id": [
        ("id", "Pesanan {id} sedang dikirim, kurir akan menghubungi {p}."),
        ("id", "Saya sudah menambahkan {p} ke tiket {id}."),
        ("ctx", "Kalau rumah kosong, kurir akan mencoba {p} sebelum kembali ke gudang."),
        ("plain", "Ibu Sari bisa dihubungi di {p}."),
    ],
    "th": [
        ("id", "คำสั่งซื้อ {id} จัดส่งแล้ว พนักงานจะโทรหา {p}"),
        ("id", "เพิ่มเบอร์ {p} ในเคส {id} เรียบร้อยแล้วค่ะ"),
        ("plain", "ติดต่อคุณสมชายได้ที่ {p}"),
    ],
    "vi": [
        ("id", "Đơn hàng {id} đang được giao, shipper sẽ gọi {p}."),
        ("id", "Em đã thêm {p} vào phiếu hỗ trợ {id}."),
        ("plain", "Anh Minh có thể liên hệ qua {p}."),
    ],
    "tl": [
        ("id", "Ang order {id} ay naipadala na; tatawag ang rider sa {p}."),
        ("id", "Idinagdag ko ang {p} sa ticket {id}."),
        ("plain", "Maaabot si Gng. Santos sa {p}."),
    ],
    "he": [
        ("id", "ההזמנה {id} יצאה למשלוח, השליח יתקשר ל-{p}."),
        ("id", "הוספתי את {p} לפנייה {id}."),
        ("plain", "אפשר להשיג את יוסי כהן ב-{p}."),
    ],
    "ar": [
        ("id", "تم شحن الطلب {id} وسيتصل المندوب على {p}."),
        ("id", "أضفت الرقم {p} إلى التذكرة {id}."),
        ("ctx", "إذا لم يكن أحد في المنزل، سيحاول المندوب على {p} قبل إعادة الشحنة."),
        ("plain", "يمكن التواصل مع السيد خالد على {p}."),
    ],
    "ka": [
        ("id", "შეკვეთა {id} გზაშია, კურიერი დარეკავს {p}-ზე."),
        ("id", "მოთხოვნას {id} დავამატე {p}."),
        ("plain", "ბატონ გიორგის დაუკავშირდით {p}-ზე."),
    ],
    "hy": [
        ("id", "Պատվեր {id}-ը ճանապարհին է, առաքիչը կզանգի {p} համարին։"),
        ("id", "Հայտ {id}-ին ավելացրի {p} համարը։"),
        ("plain", "Պարոն Պետրոսյանին կարող եք զանգել {p}։"),
    ],
    "fa": [
        ("id", "سفارش {id} ارسال شد و پیک با {p} تماس می‌گیرد."),
        ("id", "شماره {p} را به تیکت {id} اضافه کردم."),
        ("plain", "آقای رضایی در {p} پاسخگو هستند."),
    ],
    "mn": [
        ("id", "Таны {id} захиалга замдаа явж байна, хүргэгч {p} руу залгана."),
        ("id", "{id} хүсэлтэд {p} дугаарыг нэмлээ."),
        ("plain", "Бат ахтай {p} дугаараар холбогдоно уу."),
    ],
    "ru": [
        ("id", "Заказ {id} передан в доставку, курьер позвонит на {p}."),
        ("id", "Я добавила номер {p} к обращению {id}."),
        ("ctx", "Если домофон не отвечает, курьер наберёт {p}."),
        ("plain", "С Анной Сергеевной можно связаться по {p}."),
    ],
    "sw": [
        ("id", "Oda {id} imetumwa, msafirishaji atapiga {p}."),
        ("id", "Nimeongeza {p} kwenye tiketi {id}."),
        ("ctx", "Kama hakuna mtu nyumbani, dereva atajaribu {p} kabla ya kurudi."),
        ("plain", "Bi. Wanjiru anapatikana kwa {p}."),
    ],
    "af": [
        ("id", "Bestelling {id} is op pad, die koerier sal {p} bel."),
        ("id", "Ek het {p} by kaartjie {id} gevoeg."),
        ("plain", "Mnr. Botha is bereikbaar by {p}."),
    ],
    "am": [
        ("id", "ትዕዛዝ {id} ተልኳል፣ አድራሹ በ{p} ይደውላል።"),
        ("id", "ለጥያቄ {id} {p} አክያለሁ።"),
        ("plain", "አቶ ተስፋዬን በ{p} ማግኘት ይችላሉ።"),
    ],
}
