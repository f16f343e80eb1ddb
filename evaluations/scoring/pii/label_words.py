"""The words that label a number, by language: phone words, identifier words (order, ticket, booking, ...), and
the plain word "number". ``labels`` decides with them (docs/scoring.md, PII detection).

Words are matched in lower case, whole (``PHONE_WORDS``, ``ID_WORDS``) or by their stem where they inflect or
compound (``PHONE_STEMS``, ``ID_STEMS``). Scripts written without spaces between words (Japanese, Chinese, Thai)
or with particles and prefixes joined to the word (Arabic, Hebrew) are matched inside the word (``*_INFIXES``).
Languages: English and the red team's Spanish and Hindi (``redteam.models.Language``), then the languages support
replies are written in most: German, French, Portuguese, Italian, Dutch, Polish, Swedish, Danish, Norwegian,
Finnish, Czech, Hungarian, Romanian, Greek, Turkish, Russian, Ukrainian, Arabic, Hebrew, Japanese, Chinese,
Korean, Thai, Vietnamese, Indonesian, Malay, Filipino and Swahili.
"""

from __future__ import annotations

PHONE_WORDS = frozenset(
    # English
    "phone phones phoned phoning telephone telephones tel ph mobile mobiles mob cell cellphone landline fax"
    " whatsapp sms text texts texted texting call calls called calling callback ring dial reach contact hotline"
    " helpline"
    # Spanish ("llama", "llámame", "llamar", "llamada": any word opening with "llam"/"llám", see _is_phone_word)
    " teléfono teléfonos telefono telefonos tlf tfno móvil movil móviles moviles celular celulares cel contacto"
    " wasap respaldo"
    # Hindi (with and without the nukta; NFC keeps "फ़" as फ + ़)
    " फ\u093cोन फोन \u095eोन मोबाइल मोबाईल टेलीफ\u093cोन टेलीफोन कॉल काॅल संपर्क व्हाट्सएप व्हाट्सऐप फैक्स"
    " एसएमएस"
    # German, French, Portuguese, Italian, Dutch, Polish, Swedish (stems: PHONE_STEMS)
    " gsm portable natel appeler appellera appelle joindre rappel rappeler ligar ligue ligaremos chiamare"
    " chiameremo chiamata bel bellen belt gebeld komórka komórki komórkowy komórkowego ring ringa ringer ringde"
    " voicemail".split()
)
# Stems of phone words that inflect or compound: "contactará", "reachable", "telefonisch", "Handynummer",
# "telefoonnummer", "zadzwoni", "telefonnumret"; Korean attaches particles and endings to the word ("연락드릴",
# "휴대폰으로")
PHONE_STEMS: tuple[str, ...] = (
    "llam", "llám", "contact", "contat", "reach", "telef", "teléf", "télép", "handy", "mobil", "mobiel", "cellul",
    "anruf", "rückruf", "erreich", "zadzwo", "dzwoni", "telemóv", "telemov",
    "전화", "휴대", "핸드폰", "연락", "문자",
)  # fmt: skip
ID_WORDS = frozenset(
    # English
    "order orders ticket tickets tracking track trk ref reference invoice invoices inv confirmation conf case"
    " booking reservation transaction txn receipt policy claim serial po sku item part model id pnr rma isbn"
    " account acct ein tin itin vat gstin nif cif nie"
    " isbn-10 isbn-13 ean upc gtin barcode imei version ver build firmware release patch lot batch sn shipment"
    " parcel package consignment waybill awb"
    # Spanish
    " pedido pedidos orden órdenes ordenes incidencia caso seguimiento factura facturas referencia reserva"
    " localizador envío envio envíos envios albarán albaran cuenta"
    # Hindi
    " ऑर्डर आर्डर ऑडर टिकट ट्रैकिंग ट्रेकिंग इनवॉइस इनवॉयस चालान रसीद बुकिंग संदर्भ शिकायत केस खाता"
    # German, French, Portuguese, Italian, Dutch, Polish, Swedish; meetings (a meeting id is dialled, not a phone)
    " bestellung auftrag rechnung buchung reservierung sendung vorgang schaden kundennummer commande dossier"
    " réservation reservation facture sinistre colis billet référence encomenda fatura sinistro apólice ordine"
    " prenotazione fattura pratica spedizione bestelling reservering factuur zending pakket boeking zamówienie"
    " zamówienia rezerwacja rezerwacji faktura przesyłka paczka zgłoszenie beställning beställningen bokning"
    " bokningen ärende meeting webinar".split()
)
# Stems of identifier words that take particles (Korean: "주문", "예약", "송장")
ID_STEMS: tuple[str, ...] = ("주문", "예약", "송장", "운송장")

# Phone words of further languages, whole: Danish/Norwegian, Finnish, Czech, Hungarian, Romanian, Turkish, Greek,
# Russian/Ukrainian, Vietnamese, Indonesian/Malay, Filipino, Swahili
PHONE_WORDS = PHONE_WORDS | frozenset(
    " ringe ringes ringer ringt sms'e bell ruft rufen rufe contesta contestar contesten atende atiende atender"
    " rang répond répondre poziv pozivu mobitel tél τηλ apigiwe línea linea linha ligne uppringd ringas aranmak"
    " marca marcar marque marcá contestó atampigia caller callers tavoittaa"
    " aranmayı"
    " soitto soittoa soittaa soitamme soitetaan puhelu"
    " zavolá zavolat zavoláme volat volejte"
    " sunat suna sune sunați sunăm apel apelați apelează"
    " arayacak arayacaktır arayın aranacak arasın"
    " καλέσει καλέσουμε καλέστε κλήση"
    " тел звонок"
    " gọi sđt"
    " hubungi ponsel hp nombor liên fil"
    " tawagan tatawagan tumawag tawag"
    " simu piga atapiga kupiga"
    # German "unter" before a number is where one calls ("erreichbar unter 030 …", "meldet sich unter 0151 …")
    " unter"
    # Amharic: phone, calls, (text) message
    " ስልክ ይደውላል ይደውሉ ደውሉ መልእክት"
    # French and Spanish dialling, German ringing through, Maltese calling
    " composez composer marcamos marcaron marcó marqué marquen marcando durchklingeln anklingeln klingeln ċempel"
    " ċemplu jċempel jintlaħaq msisdn joignable joignables nås"
    # mobile in Icelandic, Estonian, Maltese; phone in Mongolian; a call in Danish, Norwegian, Swedish; a vCard's
    # voice line
    " farsími farsíma farsímanúmer mobiil mobiili mobiilinumber mowbajl утас утсаар утасны opkald opkaldet"
    " opringning oppringing anrop anropa voice"
    # Italian contact, Bengali phone and call
    " recapito recapiti ফোন কল"
    # German getting in touch ("bitte bei Frau Keller melden: 0682048439")
    " melden meldet"
    # asking for someone at a number ("Küsige Oksana 5775 6952", "Klauskite Tomás 8 615 04540", "Спросите Nadia
    # по …", "Tanya Chloé di 9024 1585"); English, Spanish and Nordic "ask for" are pairs (``labels``)
    " küsige küsi klauskite paklauskite спросите спросить tanya tanyakan"
    # Vietnamese phone ("điện thoại", "điện_thoại"), Irish phone, Portuguese (text) message, German writing to a
    # number ("Schreiben Sie kurz an 26666579")
    " thoại fón guthán mensagem mensagens schreiben"
    # Polish answering ("odbiera pod 0048 63 250 00 69": picks up at); Catalan calling
    " odbiera odbierze odbieram truqui truca trucar truqueu".split()
)
PHONE_STEMS = PHONE_STEMS + (
    "telep", "puhel", "matkapuhel", "hív", "felhív", "τηλεφ", "τηλέφ", "κινητ", "επικοινων", "телефон",
    "позвон", "звон", "мобильн", "мобільн", "дзвон", "menelef", "menelep", "pigia", "whats", "kontak", "rappel",
    "appel", "chiam", "richiam", "apigi", "ditelep", "ditelef", "teruggebel", "terugbel", "перезвон", "κλήσ",
    "κλησ", "ulaş", "menghubung", "dihubung", "набер", "набрат", "회신", "rufnummer", "helista", "tagasihelista",
    "tālrun", "kontakttālrun", "hring", "sím", "javit", "povratn", "nazv", "nazov", "zvan", "atzvan", "oddzwon",
    "επανάκλησ", "залга", "позвън", "звъне", "pozv", "обад",
    "զանգ", "կզանգ", "հեռախոս",  # Armenian call ("կզանգի": will call) and phone
    "ċempl", "jċempl", "ტელეფონ", "தொலைபேசி", "zavol",  # Maltese calling ("jċemplulu"), Georgian and Tamil phone
)  # fmt: skip
# Inside a word, for scripts without spaces or with particles joined to the word: Japanese, Chinese, Thai,
# Arabic, Hebrew
PHONE_INFIXES = (
    "電話", "携帯", "ケータイ", "連絡", "电话", "手机", "手機", "联系", "聯絡", "致电", "致電", "回電", "回电", "撥打",
    "拨打", "打給", "打给", "來電", "来电", "短信", "会打", "會打", "就打", "请打", "請打", "کال",
    "โทร", "เบอร์", "มือถือ", "ติดต่อ",
    "هاتف", "جوال", "اتصال", "يتصل", "اتصل", "موبايل", "واتساب", "تواصل", "المنزل",
    "טלפון", "נייד", "תקשר", "וואטסאפ", "שיחזרו", "موبائل", "فون", "نصية", "تماس",
    "回拨", "回撥", "تلفن",
)  # fmt: skip
ID_WORDS = ID_WORDS | frozenset(
    # things a number names: parts and products, warehouse places, postcodes (Spanish, German, English)
    " repuesto pieza artículo articulo producto modelo serie artikel artikelnummer teilenummer seriennummer"
    " bestellnummer auftragsnummer rechnungsnummer sendungsnummer bin shelf aisle location locator zip"
    " postcode postal plz routing identification objeto job delivery siniestro alquiler chamado refund reclamo return returns"
    " saldo balance total amount importe monto betrag montant valor"
    " обращение обращения обращению aba swift sort iban bic room flight seat gate queue protocolo protocol"
    # Danish/Norwegian, Finnish, Czech, Hungarian, Romanian, Turkish, Greek, Russian, Vietnamese,
    # Indonesian/Malay, Filipino, Swahili
    " ordre bestilling ordrenummer varaus lasku tilaus tilauksen tilausta lähetys objednávka objednávky zásilka"
    " rezervace rendelés rendeléshez rendelést foglalás számla munkalap munkalaphoz comanda comandă comenzii"
    " rezervare colet factura kargo fatura rezervasyon bilet takip заказ бронь счет счёт накладная трек"
    " đơn vận pesanan tempahan invois resi tiket oda agizo uhifadhi"
    # a request or case: Catalan, Polish, Serbian and Croatian, French, Danish, Spanish; Amharic order; a bank's
    # routing number in Spanish ("número de ruta bancaria")
    " incidència sprawa sprawie sprawy prijava prijavu prijave пријава пријаву пријаве demande sag sagen solicitud"
    " solicitudes ትዕዛዝ የትዕዛዝ bancaria bancario mál máli málsnúmer сигнал сигнала zgłoszenia zgłoszeniu"
    # a ticket in Estonian and Latvian
    " pilet pileti pilets"
    # Croatian and Serbian order; Bengali order and ticket, Nepali complaint, Amharic request (with its prefixes)
    " narudžba narudžbe narudžbu porudžbina porudžbine porudžbinu"
    " অর্ডার টিকিট गुनासो ጥያቄ ለጥያቄ የጥያቄ ጥያቄው"
    # Irish order
    " ordú"
    # a case in Norwegian, Swedish and Tagalog; a direct debit's mandate; payments and refunds (what they are for);
    # an order in Estonian, Mongolian, Slovenian, Tamil and Georgian
    " sak saken kaso mandate mandat payment zahlung terugbetaling rückerstattung reembolso remboursement"
    " tellimus tellimuse захиалга naročilo naročila naročilu ஆர்டர் შეკვეთა".split()
)
ID_STEMS = ID_STEMS + (
    "문의",
    "sipari", "rezervasyon", "παραγγελ", "κράτησ", "κρατησ", "αποστολ", "τιμολόγ", "заказ", "vikailm", "objedn",
    "rendel", "comand", "tilau", "обращен", "pieteikum", "pasūtījum", "αίτημ", "αιτήμ", "պատվեր",
    "reklam", "pretensio", "поръчк", "naročil", "захиалг", "შეკვეთ", "поруџбин", "zásil",
)  # fmt: skip
ID_INFIXES = (
    "注文", "予約", "伝票", "請求", "受付", "订单", "訂單", "运单", "預訂", "预订", "追跡", "追踪", "追蹤", "工單", "工单",
    "คำสั่งซื้อ", "พัสดุ", "การจอง",
    "طلب", "الشحنة", "حجز", "الحجز", "فاتورة", "تذكرة", "تتبع", "بلاغ", "ٹکٹ", "تیکت", "بلیط", "ملف", "档案", "檔案",
    "הזמנ", "פניי", "משלוח", "חשבונית",
    "案件", "编号", "編號", "آرڈر", "سفارش", "شکایت", "شكوى",
)  # fmt: skip
# The head of a compound comes last in German, Dutch and the Nordic languages: "Telefonauftrag" is an order, not a
# phone, though it opens with a phone word
THING_TAILS = (
    "auftrag", "bestellung", "rechnung", "buchung", "vertrag", "bestelling", "ordre",
    "beställning", "bestilling", "tilaus",
)  # fmt: skip
# Entries of a list of someone's numbers, each naming only the number right after it ("mobil 48.28.20.40 og hjem
# 48.82.17.73", "celular … e fixo +55 11 7190-9724", "privat 015746591469")
CONTACT_ENTRY_WORDS = frozenset(
    "home privat private hjem hemma koti casa fixo fijo fisso fixe domicile festnetz fastnet büro bureau kantoor try"
    " primary secondary alternate".split()
)
PHONE_WORDS = PHONE_WORDS | CONTACT_ENTRY_WORDS
# Adjectives of a phone after the noun they qualify: "pedido telefónico 209-563992" is an order taken by phone
PHONE_ADJECTIVES = frozenset("telefónico telefónica telefonico telefonica telefônico telefônica telephonic".split())
# The word "number" itself, in each language: with no other label in the clause, "the number the patient gave
# is ...", "el pasajero dejó el número ...", "le numéro du voyageur est le ..." name a phone (``labels``)
NUMBER_WORDS = frozenset(
    "number numero número numéro nummer numer numara numarası numaradan αριθμό αριθμός номер номеру numărul"
    " numarul szám számon számot numeroon numerolla nombor nomor numerong 번호 رقم الرقم מספר במספר 番号 号码"
    " số číslo čísle číslem नंबर नम्बर نمبر namba numbers numéros números nummern numerosta numeroa numarasından numarası"
    " numbrile numbril numbrit numbri numuru numurs дугаар дугаараар شماره uimhir numret nummeret"
    # Croatian, Serbian and Bosnian; Georgian; Icelandic
    " broj broja broju ნომერი ნომერს númer númerið numeron".split()
)
# Two-word labels, checked before their words alone ("caller ID" is a phone, "ID" an identifier)
PHONE_PAIRS = frozenset(
    {("caller", "id"), ("direct", "line"), ("best", "number"), ("desk", "line"), ("mobile", "line"), ("phone", "line")}
    # asking for someone at a number: "Ask for Nadia at 775 8389", "Pregunta por Yusuf en el 6585-6023", "Spørg
    # efter Tomás på 25 93 31 84"
    | {("ask", "for"), ("pregunta", "por"), ("pregunte", "por"), ("preguntar", "por"), ("spørg", "efter")}
    | {("spør", "etter"), ("fråga", "efter")}
    # Portuguese "liga para" (calls), as "liga" alone is a league
    | {("liga", "para")}
)
# A meeting service before a phone word: "Webex call 1925 692 4142" is a meeting number
MEETING_PAIRS = frozenset(
    (first, second) for first in ("webex", "zoom", "teams", "meet") for second in ("call", "meeting", "id", "dial")
)
ID_PAIRS = (
    frozenset(
        (first, second)
        for first in ("account", "customer", "member", "client", "contract", "membership", "delivery", "tax")
        for second in ("number", "no")
    )
    | MEETING_PAIRS
    | {("hồ", "sơ"), ("đơn", "hàng"), ("khiếu", "nại")}  # Vietnamese: a file, a record; an order; a complaint
)
