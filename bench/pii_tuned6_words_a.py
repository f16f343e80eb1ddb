"""Phone sentences of PII tuned part 6 in the languages of Europe and the Americas, written for this part:
each language's own words for a phone, a mobile, calling back and reaching someone, sentences that name the number
only by context (the number the customer gave, you can reach her on) and sentences that put a number next to an
order, ticket, booking, claim or tracking id, in both orders. Slots: ``{p}`` and ``{q}`` phones, ``{name}`` a
person, ``{id}`` an id."""

from __future__ import annotations

LANGS_A: dict[str, dict[str, list[str]]] = {
    "en": {
        "names": ["Priya Raman", "Tom Okafor", "Grace Lindqvist", "Daniel Mwangi", "Aroha Ngata", "Kofi Mensah"],
        "contact": [
            "{name} asked us to call back on {p} after six.",
            "The number the customer gave is {p}.",
            "You can reach him on {p} - he said mornings are best.",
            "I've updated {name}'s mobile to {p} as requested.",
            "Her emergency contact, listed as her brother, is on {p}.",
            "The courier will text {name} at {p} when the van is ten minutes away.",
            "Caller ID showed {p}; that matches the phone on the account.",
            "Mobile: {p}",
            "Best number to reach {name}: {p} (WhatsApp too).",
            "{name} rang from {p} yesterday about the missing parcel.",
            "Got it - I'll ring you on {p} tomorrow at 10.",
            "For the delivery we have {p} as the recipient's phone.",
        ],
        "near": [
            "Order {id}: the customer wants a call on {p} before dispatch.",
            "Ticket {id} - callback number {p}.",
            "Booking {id} is under {name}, phone {p}.",
            "The driver for tracking number {id} will call {p} on arrival.",
            "Claim {id} was filed by {name}; we'll phone back on {p}.",
            "Please call {p} about order {id}.",
            "{name} ({p}) is asking where shipment {id} is.",
            "Reached the customer at {p}; reference {id} is now closed.",
        ],
        "two": [
            "{name} gave two numbers: {p} (home) and {q} (mobile).",
            "Try {p} first; if nobody answers, {name}'s partner is on {q}.",
        ],
    },
    "es": {
        "names": ["Lucía Fernández", "Mateo Rojas", "Valentina Quispe", "Andrés Ortega", "Camila Duarte"],
        "contact": [
            "Puedes llamar a {name} al {p} a partir de las cinco.",
            "El número que dejó la clienta es el {p}.",
            "Su móvil es {p}; prefiere que le escribas por WhatsApp.",
            "Hemos actualizado el teléfono de contacto de {name}: {p}.",
            "El repartidor llamará al {p} cuando esté cerca.",
            "Tel. {p} (casa)",
            "{name} nos llamó ayer desde el {p}.",
            "Le devolveremos la llamada al celular {p} mañana por la mañana.",
        ],
        "near": [
            "Pedido {id}: la clienta pide que la llamen al {p} antes de enviarlo.",
            "Ticket {id} - número de contacto {p}.",
            "La reserva {id} está a nombre de {name}, teléfono {p}.",
            "Llama al {p} por el pedido {id}, por favor.",
            "Reclamo {id}: {name} espera una llamada al {p}.",
            "Número de seguimiento {id}; el destinatario atiende en el {p}.",
        ],
        "two": ["{name} dejó dos números: {p} (fijo) y {q} (celular)."],
    },
    "pt": {
        "names": ["Ana Beatriz Souza", "João Pedro Lima", "Mariana Costa", "Rui Figueiredo"],
        "contact": [
            "Pode ligar para {name} no {p} depois das 18h.",
            "O número que o cliente informou é {p}.",
            "O celular dela é {p}, ela prefere mensagem no WhatsApp.",
            "Atualizei o telemóvel de {name} para {p}.",
            "O entregador vai ligar para {p} quando chegar.",
            "Contato: {name}, tel. {p}",
        ],
        "near": [
            "Pedido {id}: a cliente pediu retorno no {p}.",
            "Chamado {id} - telefone para contato {p}.",
            "A reserva {id} está em nome de {name}, telefone {p}.",
            "Ligue para {p} sobre a encomenda {id}.",
            "Código de rastreio {id}; o destinatário atende no {p}.",
        ],
        "two": ["{name} deixou dois números: {p} (fixo) e {q} (celular)."],
    },
    "de": {
        "names": ["Jana Hoffmann", "Lukas Brandt", "Sabine Wörner", "Emre Yilmaz"],
        "contact": [
            "{name} bittet um Rückruf unter {p}.",
            "Die Nummer, die der Kunde angegeben hat, lautet {p}.",
            "Sie erreichen ihn am besten unter {p}, vormittags.",
            "Ich habe die Handynummer von {name} auf {p} geändert.",
            "Der Fahrer ruft kurz vor der Zustellung unter {p} an.",
            "Tel.: {p}",
            "{name} hat gestern von {p} aus angerufen.",
        ],
        "near": [
            "Bestellung {id}: Die Kundin möchte vorab unter {p} angerufen werden.",
            "Ticket {id} – Rückrufnummer {p}.",
            "Die Buchung {id} läuft auf {name}, Telefon {p}.",
            "Bitte rufen Sie wegen Auftrag {id} unter {p} an.",
            "Sendungsnummer {id}; der Empfänger ist unter {p} erreichbar.",
        ],
        "two": ["{name} hat zwei Nummern hinterlegt: {p} (Festnetz) und {q} (mobil)."],
    },
    "fr": {
        "names": ["Camille Laurent", "Moussa Diop", "Élodie Marchand", "Awa Ndiaye"],
        "contact": [
            "Vous pouvez joindre {name} au {p} en fin de journée.",
            "Le numéro laissé par la cliente est le {p}.",
            "Son portable : {p}. Elle préfère les SMS.",
            "J'ai mis à jour le téléphone de {name} : {p}.",
            "Le livreur appellera le {p} en arrivant.",
            "{name} a appelé hier depuis le {p}.",
        ],
        "near": [
            "Commande {id} : la cliente souhaite être rappelée au {p}.",
            "Ticket {id} – numéro de rappel {p}.",
            "La réservation {id} est au nom de {name}, tél. {p}.",
            "Merci d'appeler le {p} au sujet du dossier {id}.",
            "Numéro de suivi {id} ; le destinataire répond au {p}.",
        ],
        "two": ["{name} a donné deux numéros : {p} (fixe) et {q} (portable)."],
    },
    "it": {
        "names": ["Giulia Romano", "Marco Bellini", "Chiara Esposito"],
        "contact": [
            "Puoi richiamare {name} al {p} dopo le 17.",
            "Il numero che ci ha lasciato il cliente è {p}.",
            "Il suo cellulare è {p}, preferisce un messaggio.",
            "Ho aggiornato il recapito telefonico di {name}: {p}.",
            "Il corriere chiamerà il {p} prima della consegna.",
        ],
        "near": [
            "Ordine {id}: la cliente chiede di essere richiamata al {p}.",
            "Ticket {id} - numero per il richiamo {p}.",
            "La prenotazione {id} è a nome di {name}, tel. {p}.",
            "Chiama il {p} per la spedizione {id}.",
        ],
        "two": ["{name} ha lasciato due numeri: {p} (casa) e {q} (cellulare)."],
    },
    "sv": {
        "names": ["Elin Sjöberg", "Oskar Nyström", "Maja Lund"],
        "contact": [
            "Du kan ringa {name} på {p} efter lunch.",
            "Numret som kunden uppgav är {p}.",
            "Hennes mobilnummer är {p}, hon vill helst ha sms.",
            "Jag har uppdaterat telefonnumret för {name} till {p}.",
        ],
        "near": [
            "Order {id}: kunden vill bli uppringd på {p} innan leverans.",
            "Ärende {id} – ring tillbaka på {p}.",
            "Bokning {id} står på {name}, telefon {p}.",
            "Ring {p} angående försändelse {id}.",
        ],
        "two": ["{name} lämnade två nummer: {p} (hem) och {q} (mobil)."],
    },
    "da": {
        "names": ["Mette Kjær", "Rasmus Holm", "Freja Dahl"],
        "contact": [
            "Du kan ringe til {name} på {p} i eftermiddag.",
            "Nummeret, kunden har opgivet, er {p}.",
            "Hans mobilnummer er {p}.",
            "Vi har opdateret telefonnummeret for {name} til {p}.",
        ],
        "near": [
            "Ordre {id}: kunden ønsker et opkald på {p} før levering.",
            "Sag {id} – ring tilbage på {p}.",
            "Booking {id} er på {name}, tlf. {p}.",
            "Ring venligst {p} vedrørende pakke {id}.",
        ],
        "two": ["{name} har opgivet to numre: {p} (fastnet) og {q} (mobil)."],
    },
    "fi": {
        "names": ["Aino Virtanen", "Juho Mäkinen", "Sanna Koskinen"],
        "contact": [
            "Asiakas {name} pyytää soittoa numeroon {p} iltapäivällä.",
            "Asiakkaan antama numero on {p}.",
            "Hänen matkapuhelinnumeronsa on {p}.",
            "Päivitin puhelinnumeroksi {p}, kuten {name} pyysi.",
        ],
        "near": [
            "Tilaus {id}: asiakas toivoo soittoa numeroon {p} ennen toimitusta.",
            "Tiketti {id} – soittopyyntö numeroon {p}.",
            "Varaus {id} on nimellä {name}, puh. {p}.",
            "Soita numeroon {p} lähetyksestä {id}.",
        ],
        "two": ["{name} antoi kaksi numeroa: {p} (koti) ja {q} (työ)."],
    },
    "cs": {
        "names": ["Tereza Dvořáková", "Lenka Nováková", "Petra Svobodová"],
        "contact": [
            "Paní {name} prosí o zavolání na číslo {p}.",
            "Číslo, které zákazník uvedl, je {p}.",
            "Jeho mobil je {p}, volejte prosím dopoledne.",
            "Aktualizoval jsem telefon zákaznice na {p}.",
        ],
        "near": [
            "Objednávka {id}: zákaznice chce zavolat na {p} před odesláním.",
            "Tiket {id} – zpětné volání na {p}.",
            "Rezervace {id} je na jméno {name}, tel. {p}.",
            "Zavolejte prosím na {p} kvůli zásilce {id}.",
        ],
        "two": ["{name} nechala dvě čísla: {p} (domů) a {q} (mobil)."],
    },
    "sk": {
        "names": ["Zuzana Horváthová", "Katarína Kováčová", "Lucia Balážová"],
        "contact": [
            "Pani {name} žiada o spätné volanie na číslo {p}.",
            "Číslo, ktoré zákazník uviedol, je {p}.",
            "Jej mobil je {p}.",
            "Kuriér zavolá na {p} pred doručením.",
        ],
        "near": [
            "Objednávka {id}: zákazník chce zavolať na {p}.",
            "Tiket {id} – telefón na spätné volanie {p}.",
            "Zavolajte na {p} ohľadom zásielky {id}.",
        ],
        "two": ["{name} uviedla dve čísla: {p} a {q}."],
    },
    "hu": {
        "names": ["Kovács Eszter", "Nagy Bence", "Tóth Réka"],
        "contact": [
            "{name} kéri, hogy hívják vissza a {p} számon.",
            "Az ügyfél által megadott telefonszám: {p}.",
            "A mobilszáma {p}, délelőtt érhető el.",
            "Frissítettem {name} telefonszámát erre: {p}.",
        ],
        "near": [
            "Rendelés {id}: az ügyfél hívást kér a {p} számon szállítás előtt.",
            "Jegy {id} – visszahívási szám {p}.",
            "A {id} foglalás {name} nevén van, telefon {p}.",
            "Kérem, hívja a {p} számot a {id} csomag ügyében.",
        ],
        "two": ["{name} két számot adott meg: {p} (otthoni) és {q} (mobil)."],
    },
    "ro": {
        "names": ["Ioana Popescu", "Maria Dumitrescu", "Elena Stan"],
        "contact": [
            "O puteți suna pe {name} la {p} după ora 17.",
            "Numărul lăsat de client este {p}.",
            "Numărul ei de mobil este {p}.",
            "Am actualizat telefonul lui {name}: {p}.",
        ],
        "near": [
            "Comanda {id}: clienta dorește să fie sunată la {p}.",
            "Tichet {id} – număr pentru apel înapoi {p}.",
            "Rezervarea {id} este pe numele {name}, tel. {p}.",
            "Sunați la {p} pentru coletul {id}.",
        ],
        "two": ["{name} a lăsat două numere: {p} (fix) și {q} (mobil)."],
    },
    "el": {
        "names": ["Μαρία Παπαδοπούλου", "Κατερίνα Γεωργίου", "Ελένη Κωνσταντίνου"],
        "contact": [
            "Μπορείτε να καλέσετε την κ. {name} στο {p} μετά τις 5.",
            "Ο αριθμός που έδωσε ο πελάτης είναι {p}.",
            "Το κινητό της είναι {p}.",
            "Ενημέρωσα το τηλέφωνο επικοινωνίας του πελάτη σε {p}.",
        ],
        "near": [
            "Παραγγελία {id}: η πελάτισσα ζητά να την καλέσουμε στο {p}.",
            "Αίτημα {id} – τηλέφωνο επικοινωνίας {p}.",
            "Η κράτηση {id} είναι στο όνομα {name}, τηλ. {p}.",
            "Καλέστε στο {p} για την αποστολή {id}.",
        ],
        "two": ["Η κ. {name} έδωσε δύο αριθμούς: {p} (σπίτι) και {q} (κινητό)."],
    },
    "ru": {
        "names": ["Анна Смирнова", "Дмитрий Волков", "Айгерим Садыкова", "Тимур Каримов"],
        "contact": [
            "Клиент: {name}. Перезвоните, пожалуйста, по номеру {p} после обеда.",
            "Номер, который оставил клиент: {p}.",
            "Её мобильный — {p}, лучше писать в Telegram.",
            "Я обновил контактный телефон клиента: {p}.",
            "Курьер позвонит на {p} за час до доставки.",
        ],
        "near": [
            "Заказ {id}: клиентка просит позвонить на {p} перед отправкой.",
            "Обращение {id} — телефон для связи {p}.",
            "Бронирование {id} оформлено на {name}, тел. {p}.",
            "Позвоните на {p} по поводу посылки {id}.",
        ],
        "two": ["У клиента два номера: {p} (домашний) и {q} (мобильный)."],
    },
    "sr": {
        "names": ["Milica Jovanović", "Ana Nikolić", "Jelena Marković"],
        "contact": [
            "Kupac {name} moli poziv na broj {p} posle podne.",
            "Broj koji je kupac ostavio je {p}.",
            "Njen mobilni je {p}.",
        ],
        "near": [
            "Porudžbina {id}: kupac traži poziv na {p}.",
            "Tiket {id} – broj za povratni poziv {p}.",
            "Pozovite {p} u vezi pošiljke {id}.",
        ],
        "two": ["{name} je ostavila dva broja: {p} i {q}."],
    },
    "hr": {
        "names": ["Ana Horvat", "Ivana Babić", "Petra Knežević"],
        "contact": [
            "Kupac {name} moli poziv na broj {p} poslijepodne.",
            "Broj koji je kupac naveo je {p}.",
            "Njegov mobitel je {p}.",
            "Dostavljač će nazvati {p} prije dolaska.",
        ],
        "near": [
            "Narudžba {id}: kupac moli poziv na {p}.",
            "Prijava {id} – broj za povratni poziv {p}.",
            "Nazovite {p} u vezi pošiljke {id}.",
        ],
        "two": ["{name} je ostavila dva broja: {p} (kućni) i {q} (mobitel)."],
    },
    "bg": {
        "names": ["Мария Иванова", "Георги Димитров", "Десислава Петкова"],
        "contact": [
            "Можете да се обадите на {name} на {p} следобед.",
            "Номерът, който клиентът даде, е {p}.",
            "Мобилният ѝ телефон е {p}.",
        ],
        "near": [
            "Поръчка {id}: клиентът иска обаждане на {p}.",
            "Заявка {id} – телефон за обратна връзка {p}.",
            "Обадете се на {p} за пратка {id}.",
        ],
        "two": ["{name} остави два номера: {p} и {q}."],
    },
}
