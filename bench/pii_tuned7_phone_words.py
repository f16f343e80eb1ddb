"""Contact sentences for PII tuned part 7's phone rows, in each language's own words for a phone, a mobile, a
callback and a number. Slots: {p} (the number), {p2} (a second number of the same person), {name}, and the ids
{order}, {ticket}, {booking}, {tracking}, {claim}, {ref}. Each sentence is (setting, text)."""

from __future__ import annotations

# plain contact sentences: language -> [(setting, template)]
PLAIN: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("delivery", "The driver will text {name} on {p} about twenty minutes before arrival."),
        ("clinic", "I've updated the patient's mobile to {p}, so appointment reminders will go there from now on."),
        ("bank", "For the callback, we'll ring {name} at {p} between 2 and 4 pm."),
        ("hr", "New starter details: {name}, mobile {p}, starts on Monday."),
        ("hotel", "Best number to reach the guest during the stay: {p}."),
        ("telecom", "Your line has been ported. Your number is now {p} and your old SIM will stop working tonight."),
        ("rental", "If the car isn't at the bay, the renter asked us to call {p} rather than email."),
        ("school", "Emergency contact for the pupil: {name} (mother), cell {p}."),
        ("helpdesk", "Got it - I'll phone you back on {p} once the laptop has been re-imaged."),
        ("insurance", "The policyholder can be reached on {p} (mobile, weekdays only)."),
    ],
    "es": [
        ("delivery", "El repartidor llamará a {name} al {p} cuando esté cerca del portal."),
        ("bank", "Hemos actualizado su número de móvil: a partir de hoy le enviaremos los códigos al {p}."),
        ("clinic", "La paciente pidió que la contactemos en el celular {p} para confirmar la cita."),
        ("hotel", "Teléfono de contacto del huésped: {p}. Llega el viernes por la noche."),
        ("telecom", "Su nueva línea {p} ya está activa; reinicie el teléfono para ver la cobertura."),
    ],
    "hi": [
        ("delivery", "डिलीवरी एजेंट आपको {p} पर कॉल करेगा, कृपया फ़ोन पास रखें।"),
        ("bank", "आपका पंजीकृत मोबाइल नंबर {p} है; ओटीपी इसी नंबर पर भेजा जाएगा।"),
        ("clinic", "मरीज़ के परिजन {name} से {p} पर संपर्क करें।"),
        ("telecom", "आपका नया नंबर {p} अब चालू है।"),
        ("helpdesk", "हमारे इंजीनियर आपको कल सुबह {p} पर फ़ोन करेंगे।"),
    ],
    "de": [
        ("delivery", "Der Fahrer meldet sich vor der Zustellung telefonisch unter {p} bei Ihnen."),
        ("hr", "Frau {name} ist ab sofort unter der Handynummer {p} erreichbar."),
        ("clinic", "Rückrufnummer der Patientin: {p} (nur vormittags)."),
        ("bank", "Wir haben Ihre Mobilnummer auf {p} geändert; die TAN kommt künftig per SMS dorthin."),
    ],
    "fr": [
        ("delivery", "Le livreur appellera {name} au {p} avant de passer."),
        ("clinic", "Vous pouvez joindre la patiente sur son portable au {p}."),
        ("bank", "Votre numéro de téléphone a bien été modifié : {p}."),
        ("hotel", "Le client souhaite être rappelé au {p} après 18 h."),
    ],
    "pt": [
        ("delivery", "O entregador vai ligar para {name} no {p} quando chegar."),
        ("bank", "Seu celular cadastrado agora é {p}; o código de verificação chega por SMS."),
        ("clinic", "Telefone do paciente para retorno: {p}."),
        ("telecom", "A portabilidade foi concluída e o seu número {p} já funciona na nova operadora."),
    ],
    "it": [
        ("delivery", "Il corriere chiamerà {name} al numero {p} prima della consegna."),
        ("bank", "Abbiamo aggiornato il suo cellulare: {p}."),
        ("clinic", "Il paziente preferisce essere richiamato al {p}."),
    ],
    "nl": [
        ("delivery", "De bezorger belt {name} op {p} als hij in de straat is."),
        ("bank", "Uw mobiele nummer is gewijzigd in {p}."),
        ("helpdesk", "Ik bel u terug op {p} zodra de monteur is ingepland."),
    ],
    "pl": [
        ("delivery", "Kurier zadzwoni do {name} pod numer {p} przed doręczeniem."),
        ("bank", "Twój numer telefonu komórkowego został zmieniony na {p}."),
        ("clinic", "Pacjentka prosi o kontakt telefoniczny: {p}."),
    ],
    "sv": [
        ("delivery", "Budet ringer {name} på {p} innan leveransen."),
        ("bank", "Ditt mobilnummer är nu ändrat till {p}."),
        ("clinic", "Patienten vill bli uppringd på {p} efter lunch."),
    ],
    "tr": [
        ("delivery", "Kurye teslimattan önce {name} kişisini {p} numarasından arayacak."),
        ("bank", "Cep telefonu numaranız {p} olarak güncellendi."),
        ("clinic", "Hastaya {p} numaralı telefondan ulaşabilirsiniz."),
    ],
    "ru": [
        ("delivery", "Курьер позвонит {name} по номеру {p} за час до доставки."),
        ("bank", "Ваш номер телефона изменён на {p}."),
        ("clinic", "Пациентка просит перезвонить ей на мобильный {p}."),
    ],
    "uk": [
        ("delivery", "Кур'єр зателефонує вам за номером {p} перед доставкою."),
        ("bank", "Ваш номер мобільного телефону змінено на {p}."),
        ("clinic", "Пацієнт просить передзвонити на {p}."),
    ],
    "ja": [
        ("delivery", "配達員が到着前に{p}へお電話します。"),
        ("bank", "ご登録の携帯電話番号は{p}です。"),
        ("hotel", "お客様の連絡先は{p}（携帯）です。"),
        ("clinic", "予約の確認は{name}様の電話番号{p}にご連絡いたします。"),
    ],
    "zh": [
        ("delivery", "快递员会在送达前拨打{p}联系您。"),
        ("bank", "您绑定的手机号是{p}。"),
        ("hotel", "客人的联系电话：{p}，预计晚上到店。"),
        ("clinic", "患者家属{name}的电话是{p}。"),
    ],
    "ko": [
        ("delivery", "기사님이 도착 전에 {p}(으)로 전화드릴 예정입니다."),
        ("bank", "등록된 휴대폰 번호는 {p}입니다."),
        ("clinic", "보호자 연락처: {p}"),
    ],
    "id": [
        ("delivery", "Kurir akan menghubungi {name} di nomor {p} sebelum mengantar paket."),
        ("bank", "Nomor HP Anda telah diperbarui menjadi {p}."),
        ("clinic", "Silakan telepon pasien di {p} untuk konfirmasi jadwal."),
    ],
    "tl": [
        ("delivery", "Tatawagan ka ng rider sa {p} pagdating niya sa gate."),
        ("bank", "Na-update na ang cellphone number mo sa {p}."),
        ("clinic", "Pakitext si {name} sa {p} para sa schedule ng check-up."),
    ],
    "vi": [
        ("delivery", "Shipper sẽ gọi cho anh {name} qua số {p} trước khi giao hàng."),
        ("bank", "Số điện thoại di động của quý khách đã được cập nhật thành {p}."),
        ("clinic", "Vui lòng liên hệ bệnh nhân theo số {p}."),
    ],
    "th": [
        ("delivery", "พนักงานจะโทรหาคุณที่เบอร์ {p} ก่อนส่งของ"),
        ("bank", "เบอร์มือถือที่ลงทะเบียนไว้คือ {p}"),
        ("clinic", "ติดต่อญาติผู้ป่วยได้ที่ {p}"),
    ],
    "ar": [
        ("delivery", "سيتصل بك المندوب على الرقم {p} قبل التوصيل."),
        ("bank", "تم تحديث رقم جوالك إلى {p}."),
        ("clinic", "يمكن التواصل مع المريض على الهاتف {p}."),
    ],
    "he": [
        ("delivery", "השליח יתקשר אליך למספר {p} לפני המסירה."),
        ("bank", "מספר הנייד שלך עודכן ל-{p}."),
        ("clinic", "אפשר להשיג את המטופלת בטלפון {p}."),
    ],
    "sw": [
        ("delivery", "Msafirishaji atakupigia kwa namba {p} kabla ya kufika."),
        ("bank", "Namba yako ya simu imebadilishwa kuwa {p}."),
        ("clinic", "Mgonjwa anaomba apigiwe simu kwa {p} jioni."),
    ],
    "ur": [
        ("delivery", "رائیڈر پہنچنے سے پہلے آپ کو {p} پر کال کرے گا۔"),
        ("bank", "آپ کا رجسٹرڈ موبائل نمبر {p} ہے۔"),
    ],
}

# the number named only by the context: no word for a phone
CONTEXT: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("delivery", "If nobody answers the buzzer, try {p} - that's the neighbour who takes parcels in."),
        ("hotel", "The guest said {p} works on WhatsApp while she's abroad."),
        ("rental", "Reach him on {p} after six; he's on site all day."),
        ("helpdesk", "Best way to get hold of me today is {p}, I'm away from my desk."),
    ],
    "es": [("delivery", "Si no contesta nadie en el portero, pruebe con el {p}, es la vecina del segundo.")],
    "de": [("helpdesk", "Heute am besten über {p}, ich bin nicht am Platz.")],
    "fr": [("hotel", "Le client est joignable sur WhatsApp au {p} pendant son séjour.")],
    "pt": [("delivery", "Se ninguém atender, chama no zap: {p}.")],
    "hi": [("delivery", "अगर घंटी का जवाब न मिले तो {p} पर बात कर लीजिए, यह पड़ोसी का है।")],
}

# a number next to an order, ticket, booking, tracking, claim or reference id, in both orders
NEAR_ID: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("retail", "Order {order} is on hold. The customer asked us to call {p} before we ship anything."),
        ("retail", "Callback requested on {p} regarding order #{order}."),
        ("helpdesk", "Ticket {ticket}: user reachable at {p} until 5 pm, laptop won't boot."),
        ("delivery", "Tracking {tracking} - the courier will phone {name} on {p} on the day."),
        ("airline", "Booking reference {booking}, passenger mobile {p}, seat 14C."),
        ("insurance", "Claim {claim}: the assessor will ring the policyholder on {p} to arrange a visit."),
        ("utility", "Ref {ref} - meter reading booked; the tenant's number is {p}."),
        ("bank", "Case {ref} opened. We'll call you back at {p} within two working days."),
        ("retail", "{p} is the number the buyer left on order {order}."),
        ("airline", "Passenger contact {p}, PNR {booking}, rebooked onto the 07:40 flight."),
        ("delivery", "Please call {p} when you reach the gate (shipment {tracking})."),
        ("helpdesk", "Reach the requester at {p}; see ticket {ticket} for the error log."),
    ],
    "es": [
        ("retail", "Pedido {order}: el cliente pide que le llamen al {p} antes del envío."),
        ("delivery", "Envío {tracking}. El mensajero llamará al {p} al llegar."),
        ("insurance", "Siniestro {claim}: el perito contactará al asegurado en el {p}."),
        ("helpdesk", "Ticket {ticket} - puede devolver la llamada al {p} por la tarde."),
        ("airline", "Su móvil {p} quedó asociado a la reserva {booking}."),
    ],
    "hi": [
        ("retail", "ऑर्डर {order} के लिए ग्राहक का मोबाइल नंबर {p} है।"),
        ("delivery", "ट्रैकिंग नंबर {tracking}: डिलीवरी बॉय {p} पर कॉल करेगा।"),
        ("helpdesk", "टिकट {ticket} दर्ज हो गया है, हम आपको {p} पर कॉल करेंगे।"),
        ("airline", "बुकिंग {booking} के यात्री का फ़ोन नंबर {p} है।"),
    ],
    "de": [
        ("retail", "Bestellung {order}: Der Kunde bittet um Rückruf unter {p}."),
        ("delivery", "Sendungsnummer {tracking} - der Zusteller ruft vorher unter {p} an."),
        ("insurance", "Schadennummer {claim}, Versicherungsnehmer telefonisch erreichbar unter {p}."),
        ("helpdesk", "Unter {p} erreichen Sie die Kollegin, Ticket {ticket}."),
    ],
    "fr": [
        ("retail", "Commande {order} : la cliente demande à être rappelée au {p}."),
        ("delivery", "Colis {tracking}, le livreur appellera le {p} avant 12 h."),
        ("helpdesk", "Ticket {ticket} - rappeler l'utilisateur au {p}."),
        ("airline", "Réservation {booking} : numéro du passager {p}."),
    ],
    "pt": [
        ("retail", "Pedido {order}: o cliente pediu retorno no {p}."),
        ("delivery", "Código de rastreio {tracking}; o entregador liga para {p} antes de sair."),
        ("insurance", "Sinistro {claim} - o perito vai ligar para o segurado no {p}."),
    ],
    "it": [
        ("retail", "Ordine {order}: il cliente chiede di essere richiamato al {p}."),
        ("delivery", "Spedizione {tracking}, il corriere chiamerà il {p}."),
    ],
    "nl": [
        ("retail", "Bestelling {order}: de klant wil teruggebeld worden op {p}."),
        ("helpdesk", "Melding {ticket} - bel de gebruiker op {p}."),
    ],
    "pl": [("retail", "Zamówienie {order}: klient prosi o telefon na numer {p}.")],
    "sv": [("retail", "Order {order}: kunden vill bli uppringd på {p}.")],
    "tr": [("retail", "Sipariş {order} için müşteri {p} numarasından aranmak istiyor.")],
    "ja": [
        ("retail", "注文番号{order}のお客様の電話番号は{p}です。"),
        ("delivery", "お問い合わせ番号{tracking}、配達前に{p}へご連絡します。"),
    ],
    "zh": [
        ("retail", "订单号{order}，收货人电话{p}。"),
        ("helpdesk", "工单{ticket}已创建，我们会拨打{p}回访。"),
    ],
    "ko": [("retail", "주문번호 {order}, 수령인 연락처 {p}")],
    "id": [("retail", "Pesanan {order}: pembeli minta ditelepon di {p}.")],
    "vi": [("retail", "Đơn hàng {order}: khách muốn được gọi lại qua số {p}.")],
    "th": [("retail", "คำสั่งซื้อ {order} ลูกค้าขอให้โทรกลับที่ {p}")],
    "ar": [("retail", "الطلب رقم {order}: يرجى الاتصال بالعميل على {p}.")],
    "sw": [("retail", "Oda {order}: mteja anaomba apigiwe kwa {p}.")],
    "tl": [("retail", "Order {order}: pakitawagan ang customer sa {p}.")],
    "he": [("retail", "הזמנה {order}: הלקוח מבקש שיחזרו אליו ל-{p}.")],
    "ru": [("retail", "Заказ {order}: клиент просит перезвонить на {p}.")],
}

# two numbers of one person
TWO: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("hr", "{name} can be reached on {p} (mobile) or {p2} (home)."),
        ("clinic", "Contact numbers for the patient: {p}, {p2}."),
    ],
    "es": [("bank", "Teléfonos del titular: {p} (móvil) y {p2} (casa).")],
    "de": [("hr", "Erreichbar unter {p} (mobil) oder {p2} (privat).")],
    "fr": [("clinic", "Téléphones : portable {p}, domicile {p2}.")],
    "pt": [("bank", "Contatos do cliente: celular {p} e fixo {p2}.")],
    "hi": [("clinic", "संपर्क नंबर: {p} और {p2}")],
}

NAMES = {
    "en": ["Priya Shah", "Tom Becker", "Grace Mensah", "Liam O'Neill", "Aisha Bello", "Megan Ross"],
    "es": ["Lucía Fernández", "Javier Ortega", "Camila Rojas"],
    "hi": ["सुनीता वर्मा", "राहुल मेहता"],
    "de": ["Weber", "Schulz", "Yilmaz"],
    "fr": ["Mme Lefèvre", "Julien Moreau"],
    "pt": ["Ana Souza", "João Pereira"],
    "it": ["Giulia Conti", "Marco Bianchi"],
    "nl": ["Sanne de Vries", "Bram Jansen"],
    "pl": ["Pani Kowalska", "Pana Nowaka"],
    "sv": ["Elin Karlsson", "Oskar Lind"],
    "tr": ["Ayşe Demir", "Mehmet Kaya"],
    "ru": ["Анне Смирновой", "Игорю Петрову"],
    "ja": ["佐藤", "高橋"],
    "zh": ["王芳", "李强"],
    "id": ["Budi Santoso", "Siti Rahma"],
    "tl": ["Ate Joy", "Kuya Mark"],
    "vi": ["Minh", "Tuấn"],
}
