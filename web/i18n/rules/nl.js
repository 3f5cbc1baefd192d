// Regelpagina's, Nederlands. Eigen tekst van dit project, naar de projectregels (spec/rules.md) en de bronnen.
// Getallen van het spel komen als {plaatshouders} uit web/rules-data.js; vaste regelgetallen staan in woorden.
const kalahBoard = 'Twee rijen van zes kuiltjes en voor elke speler een voorraadkuil aan het eind; jij hebt één rij en je eigen voorraadkuil.';
const kalahSeeds = 'Vier in elk kuiltje, 48 in totaal.';
const kalahCapture =
  'Vanzelf: valt je laatste zaad in een leeg kuiltje van je eigen rij, dan gaan dat zaad en de zaden ertegenover naar je voorraadkuil.';
const kalahWin = 'Zijn de kuiltjes van een speler leeg, dan is het spel uit en wint wie de meeste zaden in zijn voorraadkuil heeft.';

const endOfGame = `<ul>
<li>Je wint als de voorste rij van je tegenstander na jouw zet leeg is. Maakt een slag die rij leeg, dan stopt de zet meteen: de geslagen zaden worden niet gezaaid maar blijven in je hand.</li>
<li>Maak je met je eigen zet je eigen voorste rij leeg terwijl die van je tegenstander nog zaden heeft, dan verlies je.</li>
<li>Kun je niet zetten als je aan de beurt bent, dan verlies je.</li>
<li>Remise bestaat niet, en zaden worden nooit geteld.</li>
<li>Doorzaaien kan heel af en toe eindeloos rondgaan. Een zet die terugkomt in een toestand waarin hij al eens was, zou nooit eindigen en is daarom geen geldige zet.</li>
</ul>`;

export default {
  steps: {
    seeds: '{n} zaden',
    'seeds.one': '{n} zaad',
    'seeds.cows': '{n} koeien',
    'seeds.cows.one': '{n} koe',
    hand: 'Een zaad uit de hand gaat in {pit}.',
    'hand.cows': 'Een koe uit de reserve gaat in {pit}.',
    lift: '{pit}: pak de {what} op en zaai ze in {pits}.',
    'lift.one': '{pit}: pak het ene zaad op en zaai het in {pits}.',
    'lift.cows.one': '{pit}: pak de ene koe op en zaai hem in {pits}.',
    tax: 'De nyumba {pit} wordt belast: pak maar {what} op en zaai ze in {pits}.',
    relay: 'In {pit} lagen al zaden: pak de {what} op en zaai door in {pits}.',
    'relay.cows': 'In {pit} stonden al koeien: pak de {what} op en zaai door in {pits}.',
    capture: '{own} ligt tegenover {pit}: sla de {what} en zaai ze vanaf {into}: {pits}.',
    'capture.one': '{own} ligt tegenover {pit}: sla het zaad en zaai het in {pits}.',
    'capture.cows': '{own} ligt tegenover {pit}: roof de {what} en zaai ze vanaf {into}: {pits}.',
    'capture.cows.one': '{own} ligt tegenover {pit}: roof de koe en zaai hem in {pits}.',
    captureLast: '{own} ligt tegenover {pit}: sla de {what}.',
    'captureLast.one': '{own} ligt tegenover {pit}: sla het zaad.',
    'captureLast.cows': '{own} ligt tegenover {pit}: roof de {what}.',
    safari: 'Safari: pak de {what} uit de nyumba {pit} op en zaai door in {pits}.',
    stop: 'De ronde eindigt in de eigen nyumba {pit}, die niet slaat: daar stopt de zet.',
    takasiaStop: 'De ronde eindigt in {pit}, dat takasia is: daar stopt de zet.',
    end: '{pit} was leeg: de zet is klaar.',
    win: 'De voorste rij van {loser} is leeg: {winner} wint.',
    kept: 'De {what} die net geslagen zijn, worden niet gezaaid: ze blijven in de hand van {winner}.',
    'kept.one': 'Het zaad dat net geslagen is, wordt niet gezaaid: het blijft in de hand van {winner}.',
    'kept.cows': 'De {what} die net geroofd zijn, worden niet gezaaid: ze blijven in de reserve van {winner}.',
  },

  kujifunza: {
    sub: 'Bao voor beginners: vier rijen, zaaien in beide richtingen en verplicht slaan, zonder zaden in de hand en zonder nyumba.',
    sections: [
      {
        id: 'what',
        title: 'Wat is {variant}?',
        html: `<p>Bao la Kujifunza, “Bao om te leren”, is de eenvoudigste van de twee vormen van Bao die op Zanzibar en in Tanzania gespeeld worden. Twee onderdelen van het volledige spel, Bao la Kiswahili, vallen weg: er zijn geen zaden in de hand en er is geen nyumba (huis). Wat overblijft is de kern van Bao: zaaien in beide richtingen rond je eigen zestien kuiltjes, doorzaaien, en slaan dat niet mag worden overgeslagen.</p>
<p>Twee spelers, Zuid en Noord, zitten tegenover elkaar. Zuid begint.</p>`,
      },
      {
        id: 'board',
        title: 'Het bord',
        html: `<p>Het bord heeft vier rijen van acht kuiltjes en geen voorraadkuilen. Elke speler heeft de twee rijen aan zijn kant: de <b>voorste rij</b>, tegenover de tegenstander, en de <b>achterste rij</b> daarachter. Bij de start liggen in elk kuiltje {perPit} zaden, {total} in totaal.</p>
<p>Kuiltjes heten naar rij en nummer, geteld vanaf de linkerkant van de eigenaar: Zuid heeft voor A1–A8 en achter B1–B8, Noord a1–a8 en b1–b8. A1 ligt links van Zuid, tegenover a8; A4 ligt tegenover a5.</p>
<p>De twee buitenste kuiltjes van een voorste rij zijn de <b>vichwa</b> (enkelvoud <b>kichwa</b>, “hoofd”): A1 is de linker kichwa, A8 de rechter. Een kichwa vormt samen met zijn buurkuiltje, A1 en A2 of A7 en A8, een <b>kimbi</b>.</p>
<p>Je zaait alleen in je eigen zestien kuiltjes, en die vormen een gesloten <b>kring</b>: langs de voorste rij, om het eind heen de achterste rij in, daarlangs terug en weer rond. Van boven gezien, met de eigenaar onderaan, loopt de kring met de klok mee A1 → A8 → B8 → B1 → A1.</p>
<p>Een zet schrijf je als het beginkuiltje plus een letter, bijvoorbeeld <code>A7L</code> (hoofdletters zijn de kuiltjes van Zuid, kleine letters die van Noord). <b>L</b> stuurt de zaden naar links langs de rij van het beginkuiltje, richting A1 of B1, en <b>R</b> naar rechts, richting A8 of B8, gezien vanaf je eigen kant. Daarna gaan ze op dezelfde manier de kring rond. Vanuit de voorste rij loopt R dus met de klok mee en L ertegenin, vanuit de achterste rij net andersom:</p>`,
        figs: [
          ['ring-cw', 'Met de klok mee: R vanuit de voorste rij (A1R zaait in A2, A3, …) en L vanuit de achterste rij (B1L zaait in A1, A2, …).'],
          ['ring-acw', 'Tegen de klok in: L vanuit de voorste rij (A3L zaait in A2, A1, …) en R vanuit de achterste rij (B8R zaait in A8, A7, …).'],
        ],
      },
      {
        id: 'move',
        title: 'Zo werkt een zet',
        html: `<ol>
<li>Kies een eigen kuiltje met minstens twee zaden, voor of achter, en een richting. Pak alle zaden eruit.</li>
<li>Leg ze een voor een in de volgende kuiltjes van de kring, te beginnen met het kuiltje na het kuiltje dat je leegmaakte. Zo één handvol zaaien heet een <b>ronde</b>.</li>
<li>Kijk naar het kuiltje waar het laatste zaad viel. Was het leeg voordat dat zaad erin viel, dan is de zet klaar. Lagen er al zaden, dan gaat de zet verder: je slaat (zie hieronder) of je zaait <b>door</b>: je pakt alle zaden uit dat kuiltje, het laatste zaad inbegrepen, en zaait ze in dezelfde richting verder als een nieuwe ronde. “Bezet” betekent in deze regels altijd: met zaden erin voordat het laatste zaad van de ronde viel.</li>
<li>Een ronde van zestien zaden of meer gaat de hele kring rond en legt ook een zaad in het kuiltje waar ze begon.</li>
</ol>`,
      },
      {
        id: 'capture',
        title: 'Slaan',
        html: `<p>Een <b>slagzet</b> begint in een kuiltje met twee tot vijftien zaden, en zijn eerste ronde eindigt in een bezet kuiltje van je voorste rij terwijl het kuiltje ertegenover, in de voorste rij van je tegenstander, ook bezet is. <b>Heb je een slagzet, dan moet je slaan</b>; heb je er meer, dan mag je kiezen welke. Een kuiltje met zestien zaden of meer begint nooit een slagzet.</p>
<p>In een slagzet neem je, telkens als een ronde zo eindigt, alle zaden uit het kuiltje ertegenover en zaai je ze in je eigen rijen, vanaf een van je vichwa. Het eerste geslagen zaad gaat in de kichwa zelf, de rest volgt richting het midden van de rij:</p>
<ul>
<li>na een slag in je linker kimbi (A1 of A2) komen ze binnen bij A1 en gaan ze richting A8;</li>
<li>na een slag in je rechter kimbi (A7 of A8) komen ze binnen bij A8 en gaan ze richting A1;</li>
<li>na een slag in A3 tot en met A6 blijft de richting dezelfde: liep de ronde langs je voorste rij richting A8, dan komen ze binnen bij A1; liep ze richting A1, dan bij A8.</li>
</ul>
<p>Daarna gaat de zet ronde na ronde verder: een ronde die eindigt in een bezet voorste kuiltje tegenover een bezet kuiltje slaat opnieuw, een ronde die in een ander bezet kuiltje eindigt zaait door, en een ronde die in een leeg kuiltje eindigt maakt de zet af.</p>`,
        figs: [
          ['kuj-start', 'De beginstand, Zuid aan zet: {perPit} zaden in elk kuiltje. Hier slaan alle zetten van Zuid; Zuid speelt A7L.'],
          ['kuj-a7l', 'De eerste ronde eindigt in A5, dat bezet was en tegenover a4 ligt, dus Zuid slaat de {capture1} zaden van a4. De ronde liep richting A1, dus ze komen binnen bij de rechter kichwa, A8, en gaan door naar A7, dat leeg was: de zet is klaar.'],
          ['kuj-chain', 'Een andere partij, Zuid aan zet. In A5 liggen {A5} zaden; A7 ligt tegenover a2 en A6 tegenover a3, elk met {a2} zaad.'],
          ['kuj-chain-a5r', 'A5R eindigt zijn eerste ronde in A7, in de rechter kimbi, dus het zaad uit a2 komt binnen bij A8 en het zaaien keert om, richting A1. A8 zaait door in A7 en A6; A6 ligt tegenover a3 en slaat opnieuw, en omdat er nog steeds richting A1 gezaaid wordt, komt ook dit zaad binnen bij A8.'],
        ],
      },
      {
        id: 'takasa',
        title: 'Zetten zonder slag: takasa',
        html: `<p>Heb je geen slagzet, dan speel je een <b>takasa</b> (in sommige bronnen takata), een zet die niets slaat:</p>
<ul>
<li>Je moet in je voorste rij beginnen als daar een kuiltje met twee of meer zaden is; alleen als dat er niet is, mag je in de achterste rij beginnen.</li>
<li>De zet zaait door tot een ronde in een leeg kuiltje eindigt. Een takasa slaat nooit, ook niet als een ronde eindigt in een bezet voorste kuiltje tegenover zaden: ook daar wordt doorgezaaid.</li>
<li>Is je enige bezette voorste kuiltje een kichwa, dan mag je het niet naar buiten, de achterste rij in, zaaien (A1 met L, A8 met R): dan zou je voorste rij leeg raken.</li>
</ul>`,
        figs: [
          ['kuj-takasa', 'Zuid aan zet. Geen enkele zet slaat en geen voorste kuiltje heeft twee of meer zaden, dus Zuid moet achteraan beginnen, bij B4, het enige kuiltje met twee.'],
          ['kuj-takasa-b4r', 'B4R: R vanuit de achterste rij loopt richting B8 en dan de voorste rij in. Elke ronde eindigt in een bezet kuiltje en zaait door, {laps} rondes in totaal, ook in A7, A5, A3 en A1, die tegenover zaden liggen: een takasa slaat nooit.'],
          ['kuj-big', 'Een andere partij, Zuid aan zet. In A5 liggen {A5} zaden.'],
          ['kuj-big-a5l', 'A5L: de {lift} zaden gaan één keer de kring rond, en het laatste valt in A5 zelf, dat sinds het oppakken leeg was: de zet is klaar. Zo’n vol kuiltje kan nooit een slagzet beginnen.'],
        ],
      },
      {
        id: 'end',
        title: 'Einde van het spel',
        html: endOfGame,
        figs: [
          ['kuj-win', 'Zuid aan zet. In de voorste rij van Noord ligt nog één zaad, in a6, tegenover A3.'],
          ['kuj-win-a5l', 'A5L eindigt zijn ronde in A3, tegenover a6 met {capture1} zaad. Die slag maakt de voorste rij van Noord leeg, dus het spel is meteen uit: Zuid wint, en het geslagen zaad blijft in de hand van Zuid.'],
        ],
      },
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rijen van acht kuiltjes en geen voorraadkuilen; jij hebt een voorste en een achterste rij, zestien kuiltjes.'],
      ['Zaden', kalahSeeds, '{perPit} in elk kuiltje, {total} in totaal, allemaal op het bord.'],
      ['Zaaien', 'Tegen de klok in over het hele bord, door je eigen voorraadkuil maar niet door die van je tegenstander.', 'In de richting die je kiest, alleen rond je eigen zestien kuiltjes, vanuit een kuiltje met minstens twee zaden.'],
      ['Einde van een ronde', 'De zet is klaar; valt het laatste zaad in je voorraadkuil, dan ben je nog eens aan zet.', 'In een bezet kuiltje gaat de zet verder (doorzaaien of slaan); alleen een leeg kuiltje maakt hem af.'],
      ['Slaan', kalahCapture, 'Verplicht: kun je slaan, dan moet je. De geslagen zaden worden vanaf een kichwa in je eigen rijen gezaaid en de zet gaat verder.'],
      ['Winnen', kalahWin, 'Maak de voorste rij van je tegenstander leeg of laat hem zonder zet. Er wordt niets geteld.'],
    ],
    history: `<p>“Bao” is Swahili voor bord en voor bordspel. Het spel wordt in een groot deel van Oost-Afrika gespeeld, onder meer in Tanzania, Kenia, Malawi, Burundi en op de Comoren, en is het populairst bij de Swahili van Tanzania en Kenia, waar een meester van het spel de eretitel <i>bingwa</i> krijgt. Verenigingen zoals Chama cha Bao, opgericht in 1966, en officiële toernooien in Tanzania, op Zanzibar, op Lamu in Kenia en in Malawi houden het spel georganiseerd.</p>
<p>Over de vroege geschiedenis is weinig bekend: borden zijn van hout en laten archeologen vrijwel niets na. Een spel op Madagaskar dat Étienne de Flacourt, toen Frans gouverneur daar, in 1658 beschreef, wordt soms als eerste vermelding genoemd, maar onderzoekers aarzelen het Bao te noemen. In de jaren 1820 prees de dichter Muyaka bin Haji uit Mombasa het spel in zijn gedicht <i>Bao Naligwa</i>. Het oudste bord dat bewaard is gebleven, komt uit Malawi, ligt in het British Museum en is niet ouder dan 1896.</p>
<p>Bao la Kujifunza is de leervorm van Bao la Kiswahili: omdat alle zaden vanaf het begin op het bord liggen, is er geen namua-fase, en wordt het hele spel gespeeld zoals het volledige spel zijn tweede fase, de mtaji-fase, speelt.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, proefschrift, Leiden, 1995: een studie naar hoe de Bao-meesters van Zanzibar denken en spelen, waarin ook de regels staan die zij hem tussen 1991 en 1995 leerden.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, proefschrift, Maastricht, 2003, bijlage “Zanzibar Bao rules for the computer”: de precieze lezing van die regels die de engine van deze site volgt.',
      'Tom Kronenburg, Jeroen Donkers en Alex de Voogt, “Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  kiswahili: {
    sub: 'Het volledige spel, zoals de Bao-meesters van Zanzibar het spelen.',
    sections: [
      {
        id: 'what',
        title: 'Wat is {variant}?',
        html: `<p>Bao la Kiswahili, “de Bao van de Swahili”, is het volledige spel en een van de diepste mancalaspellen die er zijn. Het bord is hetzelfde als bij Bao la Kujifunza, maar de meeste zaden beginnen naast het bord, in de hand van de spelers, en één kuiltje, de <b>nyumba</b> (het huis), op oude borden vaak vierkant uitgesneden, heeft eigen krachten.</p>
<p>Het spel heeft twee fasen. In de <b>namua</b>-fase begint elke zet met een zaad uit de hand. Zijn beide handen leeg, dan volgt de <b>mtaji</b>-fase, die gespeeld wordt als Bao la Kujifunza, met twee extra regels.</p>`,
      },
      {
        id: 'board',
        title: 'Het bord en de beginstand',
        html: `<p>Vier rijen van acht kuiltjes en geen voorraadkuilen. Elke speler heeft twee rijen: de <b>voorste rij</b>, tegenover de tegenstander, en de <b>achterste rij</b> daarachter. Kuiltjes heten naar rij en nummer, geteld vanaf de linkerkant van de eigenaar: Zuid heeft voor A1–A8 en achter B1–B8, Noord a1–a8 en b1–b8. A1 ligt tegenover a8, A2 tegenover a7, enzovoort.</p>
<p>De <b>nyumba</b> is het vijfde kuiltje van links in de voorste rij van zijn eigenaar: A5 voor Zuid, a5 voor Noord. De twee buitenste kuiltjes van een voorste rij zijn de <b>vichwa</b> (enkelvoud <b>kichwa</b>, “hoofd”), A1 links en A8 rechts; een kichwa vormt met zijn buurkuiltje, A1 en A2 of A7 en A8, een <b>kimbi</b>.</p>
<p>Bij de start heeft elke speler {nyumba} zaden in de nyumba, {beside} in elk van de twee kuiltjes rechts ervan (A6 en A7) en {hand} in de hand, {total} zaden in totaal. Beide spelers bezitten hun nyumba. Zuid begint.</p>
<p>Je zaait alleen rond je eigen zestien kuiltjes, die een kring vormen: met de klok mee A1 → A8 → B8 → B1 → A1. Een zet schrijf je als kuiltje plus letter: <b>L</b> stuurt de zaden naar links langs de rij van het beginkuiltje (richting A1 of B1) en <b>R</b> naar rechts (richting A8 of B8), en het zaaien gaat op dezelfde manier de kring rond. Alleen bij een slag in de namua-fase betekent de letter iets anders: dan noemt hij de kichwa waar de geslagen zaden binnenkomen (L: A1, R: A8). Een <code>+</code> achter de zet betekent safari (zie de nyumba).</p>`,
        figs: [
          ['swa-start', 'De beginstand, Zuid aan zet: {nyumba} zaden in de nyumba A5, {beside} in A6 en in A7, {hand} in elke hand.'],
          ['ring-cw', 'Met de klok mee: R vanuit de voorste rij (A1R zaait in A2, A3, …) en L vanuit de achterste rij (B1L zaait in A1, A2, …).'],
          ['ring-acw', 'Tegen de klok in: L vanuit de voorste rij (A3L zaait in A2, A1, …) en R vanuit de achterste rij (B8R zaait in A8, A7, …).'],
        ],
      },
      {
        id: 'stages',
        title: 'Twee fasen',
        html: `<p><b>Namua.</b> Zolang je zaden in de hand hebt, is elke zet van jou een namua-zet (volgende paragraaf): hij begint met één zaad uit je hand op het bord. De handen raken om beurten leeg, dus na {hand} zetten van elke speler zijn ze allebei leeg.</p>
<p><b>Mtaji.</b> Daarna begint elke zet met het oppakken van zaden die al op het bord liggen, zoals in Bao la Kujifunza.</p>`,
      },
      {
        id: 'namua',
        title: 'Een zet in de namua-fase',
        html: `<p>Elke namua-zet begint met één zaad uit je hand in een <b>bezet</b> kuiltje van je voorste rij: nooit in een leeg kuiltje en nooit in de achterste rij. Naar dat kuiltje heet de zet.</p>
<p><b>Slaan.</b> Ligt een van je bezette voorste kuiltjes tegenover een bezet kuiltje van je tegenstander, dan moet je slaan: leg het zaad in zo’n kuiltje (zijn er meer, dan kies je), neem alle zaden uit het kuiltje ertegenover en zaai ze in je eigen rijen vanaf een kichwa, het eerste zaad in de kichwa zelf:</p>
<ul>
<li>na een slag bij A1 of A2 komen ze binnen bij A1, bij A7 of A8 komen ze binnen bij A8;</li>
<li>na een slag bij A3 tot en met A6 komen ze binnen bij de kichwa die jij kiest, en de letter van de zet zegt welke: L voor A1, R voor A8.</li>
</ul>
<p>Zaden die bij A1 binnenkomen, gaan richting A8; zaden die bij A8 binnenkomen, richting A1. Daarna gaat de zet ronde na ronde verder: een ronde die eindigt in een bezet voorste kuiltje tegenover een bezet kuiltje slaat opnieuw (bij A3 tot en met A6 nu zonder keuze: de zaden komen binnen bij de kichwa die de zaairichting behoudt, A1 als die richting A8 loopt en A8 als die richting A1 loopt), een ronde die in een ander bezet kuiltje eindigt zaait door, en een ronde die in een leeg kuiltje eindigt maakt de zet af. Bezet betekent steeds: met zaden erin voordat het laatste zaad van de ronde viel. De nyumba kan een ronde laten stoppen; zie hieronder.</p>
<p><b>Takasa.</b> Kun je niet slaan, dan speel je een takasa: leg het zaad in een van je bezette voorste kuiltjes, pak al zijn zaden op en zaai ze in de richting die je kiest, doorzaaiend tot een ronde in een leeg kuiltje eindigt. Een takasa slaat nooit, ook niet als een ronde tegenover zaden eindigt. Niet elk voorste kuiltje mag een takasa beginnen:</p>
<ul>
<li>Een nyumba die van jou is en zes of meer zaden bevat, mag een takasa alleen beginnen als hij je enige bezette voorste kuiltje is. Hij wordt dan <b>belast</b>: nadat het zaad uit de hand erin is gegaan, pak je er maar twee zaden uit en zaai je die, en de nyumba blijft van jou.</li>
<li>Een kuiltje met één zaad mag een takasa alleen beginnen zolang je nyumba nog van jou is, of als geen van de kuiltjes die je mag kiezen twee of meer zaden heeft.</li>
<li>Is je enige bezette voorste kuiltje een kichwa, dan mag je het niet naar buiten, de achterste rij in, zaaien (A1 met L, A8 met R).</li>
</ul>`,
        figs: [
          ['swa-a6l', 'Bij de start kan niemand slaan, dus Zuid speelt een takasa: het zaad uit de hand gaat in A6, waarvan de {lift} zaden naar A5, A4 en A3 gaan. A3 was leeg, dus de zet is klaar, en Zuid heeft nog {hand.south} zaden in de hand.'],
          ['swa-kichwa', 'Namua-fase, Zuid aan zet. A5 ligt tegenover a4 en A6 tegenover a3, waar zaden in liggen, dus Zuid moet slaan, bij A5 of bij A6, en kiest vanuit deze middelste kuiltjes zelf de kichwa.'],
          ['swa-kichwa-a5l', 'A5L: het zaad uit de hand gaat in A5; a4 heeft {capture1} zaad, dat geslagen wordt en binnenkomt bij de linker kichwa A1. A1 was leeg, dus de zet is klaar.'],
          ['swa-kichwa-a5r', 'A5R: dezelfde slag, nu binnenkomend bij de rechter kichwa A8. In A8 lag al een zaad, dus de zet gaat verder en slaat ook het zaad van a3.'],
        ],
      },
      {
        id: 'nyumba',
        title: 'De nyumba',
        html: `<p>De nyumba heeft alleen bijzondere krachten zolang zijn eigenaar hem nog <b>bezit</b> en er <b>zes of meer zaden</b> in liggen. Met minder is het een gewoon kuiltje; de krachten komen terug als hij weer tot zes wordt aangevuld terwijl hij nog in bezit is.</p>
<ul>
<li><b>Stoppen of safari</b> (alleen in de namua-fase). Eindigt een ronde in je eigen nyumba zonder daar te slaan (bij een slagzet: het kuiltje ertegenover is leeg; een takasa slaat nooit), dan wordt er niet doorgezaaid. Een takasa is daar klaar. Bij een slagzet kies je: stoppen, of op <b>safari</b> gaan: alle zaden eruit pakken en in dezelfde richting verder zaaien (geschreven met een <code>+</code>, bv. <code>A8R+</code>). Na een safari is de nyumba niet meer van jou.</li>
<li><b>Belasting</b> (alleen in de namua-fase): een nyumba die je enige bezette voorste kuiltje is, begint een takasa met maar twee van zijn zaden (zie de takasa-regels hierboven).</li>
<li><b>Kwijtraken.</b> Je raakt je nyumba voorgoed kwijt als hij op een andere manier dan door de belasting wordt leeggemaakt (als beginkuiltje gespeeld, doorgezaaid, op safari) of als je tegenstander hem slaat. De eerste slag van de mtaji-fase, door wie dan ook, maakt een eind aan het bezit van beide nyumba’s.</li>
<li><b>In de mtaji-fase</b> heeft een nyumba in bezit geen stop, geen safari en geen belasting: een ronde die erin eindigt, zaait door zoals overal, en een takasa mag ermee beginnen (dan wordt hij leeg en is hij verloren). Takasia kan hem nog steeds nooit treffen (zie hieronder).</li>
</ul>`,
        figs: [
          ['swa-nyumba', 'Namua-fase, Zuid aan zet. A8 ligt tegenover a1, waar een zaad in ligt, en in de nyumba A5 liggen {A5} zaden. Zuid kan vanuit A8 slaan (A8R) en krijgt dan de keuze van de nyumba.'],
          ['swa-nyumba-a8r', 'A8R: het zaad uit a1 komt binnen bij A8, dat doorzaait; de ronde eindigt in de nyumba, en a4, ertegenover, is leeg. Zuid stopt daar: de nyumba houdt zijn {A5} zaden en blijft van Zuid.'],
          ['swa-nyumba-a8r-safari', 'A8R+: dezelfde zet met safari. De {safari} zaden van de nyumba worden verder gezaaid, de achterste rij in. De nyumba is nu leeg en niet meer van Zuid.'],
          ['swa-tax', 'Namua-fase, Zuid aan zet. Het enige bezette voorste kuiltje van Zuid is de nyumba, in bezit, met {A5} zaden, en slaan kan niet.'],
          ['swa-tax-a5l', 'A5L: het zaad uit de hand gaat erin, maar er worden maar {lift} zaden opgepakt: de nyumba wordt belast. Hij houdt {A5} zaden en blijft van Zuid, maar met minder dan zes heeft hij geen krachten tot hij weer is aangevuld.'],
        ],
      },
      {
        id: 'mtaji',
        title: 'De mtaji-fase',
        html: `<p>Zijn beide handen leeg, dan wordt elke zet gespeeld zoals in Bao la Kujifunza: pak alle zaden uit een eigen kuiltje met minstens twee zaden en zaai ze in de richting die je kiest, doorzaaiend vanuit bezette kuiltjes.</p>
<ul>
<li>Een zet vanuit een kuiltje met twee tot vijftien zaden waarvan de eerste ronde eindigt in een bezet voorste kuiltje tegenover een bezet kuiltje, is een slagzet. Heb je er een, dan moet je er een spelen; heb je er meer, dan kies je.</li>
<li>Geslagen zaden komen binnen bij een kichwa: na een slag bij A1 of A2 bij A1, bij A7 of A8 bij A8, en bij A3 tot en met A6 bij de kichwa die de zaairichting behoudt (A1 als die richting A8 loopt, A8 als die richting A1 loopt).</li>
<li>Zonder slag speel je een takasa: vanuit de voorste rij als een voorste kuiltje twee of meer zaden heeft, zonder ooit te slaan, en nooit je enige bezette voorste kuiltje vanuit een kichwa de achterste rij in.</li>
<li>Een kuiltje met zestien zaden of meer gaat de hele kring rond, legt een zaad in zichzelf en kan nooit een slagzet beginnen.</li>
</ul>`,
      },
      {
        id: 'takasia',
        title: 'Takasia',
        html: `<p>Takasia beschermt een bedreigd kuiltje één zet lang, alleen in de mtaji-fase. Speel je in de mtaji-fase een takasa en is het spel niet afgelopen, kijk dan naar de stand met je tegenstander aan zet. Als</p>
<ol>
<li>je tegenstander geen slagzet heeft,</li>
<li>precies één van zijn voorste kuiltjes geslagen zou kunnen worden door de eerste ronde van een van jouw slagzetten, als jij weer aan zet was,</li>
<li>en dat kuiltje niet maar één zaad heeft, niet zijn enige bezette voorste kuiltje is, niet zijn enige voorste kuiltje met twee of meer zaden is en geen nyumba is die hij nog bezit,</li>
</ol>
<p>dan is dat kuiltje <b>takasia</b> voor de volgende zet van je tegenstander: hij mag de zet er niet mee beginnen, en eindigt een ronde van zijn zet erin, dan stopt de zet daar in plaats van door te zaaien. Erdoorheen zaaien gaat gewoon. De markering geldt voor die ene zet, en het bord laat haar zien.</p>`,
        figs: [
          ['swa-takasia', 'Mtaji-fase, Zuid aan zet. Slaan kan niet, dus Zuid speelt een takasa: A5R.'],
          ['swa-takasia-a5r', 'Na A5R heeft Noord geen slagzet, en a2, met {a2} zaden, is het enige voorste kuiltje van Noord dat Zuid nu zou kunnen slaan. Dus is a2 takasia voor de volgende zet van Noord (rode stippelring).'],
        ],
      },
      { id: 'end', title: 'Einde van het spel', html: endOfGame },
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rijen van acht kuiltjes en geen voorraadkuilen; het vijfde kuiltje van links in je voorste rij is de nyumba.'],
      ['Zaden', kalahSeeds, '{total} in totaal; elke speler begint met {onBoard} op het bord, waarvan {nyumba} in de nyumba, en {hand} in de hand.'],
      ['Fasen', 'Eén.', 'Twee: namua zolang je zaden in de hand hebt, daarna mtaji.'],
      ['Een zet', 'Pak de zaden uit een eigen kuiltje en zaai ze.', 'In de namua-fase leg je eerst een zaad uit je hand in een bezet voorste kuiltje; dat kuiltje slaat dan, of wordt opgepakt en gezaaid.'],
      ['Slaan', kalahCapture, 'Verplicht: kun je slaan, dan moet je. De geslagen zaden worden vanaf een kichwa in je eigen rijen gezaaid en de zet gaat verder.'],
      ['Bijzondere kuiltjes', 'De voorraadkuilen, die alleen zaden verzamelen: je zaait door je eigen voorraadkuil en slaat die van je tegenstander over.', 'De nyumba: in de namua-fase, zolang hij in bezit is en zes of meer zaden heeft, stopt hij een ronde (of biedt hij bij een slagzet safari) en wordt hij belast als hij je enige bezette voorste kuiltje is. Takasia kan in de mtaji-fase een bedreigd kuiltje één zet lang beschermen.'],
      ['Winnen', kalahWin, 'Maak de voorste rij van je tegenstander leeg of laat hem zonder zet. Er wordt niets geteld.'],
    ],
    history: `<p>“Bao” is Swahili voor bord. Het spel wordt in een groot deel van Oost-Afrika gespeeld en is het populairst bij de Swahili van Tanzania en Kenia; officiële toernooien worden gehouden in Tanzania, op Zanzibar, op Lamu in Kenia en in Malawi, en een meester van het spel krijgt de titel <i>bingwa</i>. De vierkante nyumba van veel traditionele borden onderscheidt Bao-borden van andere mancalaborden.</p>
<p>De regels werden mondeling doorgegeven, dus plaatselijke vormen verschillen. Deze site speelt de regels die Alex de Voogt tussen 1991 en 1995 van de meesters van Zanzibar leerde en vastlegde in zijn studie naar het meesterschap in Bao. Jeroen Donkers legde dezelfde regels later nauwkeurig genoeg voor een computer vast, en de engine van deze site volgt zijn formalisering; voor takasia volgt ze de latere notitie van De Voogt over die regel.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, proefschrift, Leiden, 1995: een studie naar hoe de Bao-meesters van Zanzibar denken en spelen, waarin ook hun regels staan.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, proefschrift, Maastricht, 2003, bijlage “Zanzibar Bao rules for the computer” (2001): de formele regels die de engine van deze site volgt.',
      'Alex de Voogt, notitie over de takasia-regel, <i>Abstract Games</i> 7, 2001.',
      'Tom Kronenburg, Jeroen Donkers en Alex de Voogt, “Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  'kiswahili-malawi': {
    sub: 'Bao la Kiswahili met de opening uit Malawi: {nyumba} zaden in de nyumba.',
    sections: [
      {
        id: 'what',
        title: 'Wat is {variant}?',
        html: `<p>Dit is Bao la Kiswahili met een andere opening. In Malawi, waar het spel ook Bawo heet (de naam in het Yao), begint de nyumba met {nyumba} zaden in plaats van {kiswahili.nyumba}, dus heeft elke speler {hand} zaden in de hand in plaats van {kiswahili.hand}, en is de namua-fase navenant korter.</p>
<p>Op deze site is de opening het enige verschil: alle andere regels zijn die van Bao la Kiswahili, die hieronder volledig staan. Onze bronnen zeggen verder niets over hoe Bao in Malawi gespeeld wordt, dus deze pagina beschrijft geen andere plaatselijke gebruiken. De voorbeelden komen uit partijen met de gewone opening; de regels die ze laten zien, zijn dezelfde.</p>`,
      },
      {
        id: 'board',
        figs: [
          ['mal-start', 'De beginstand van Malawi, Zuid aan zet: {nyumba} zaden in de nyumba A5, {beside} in A6 en in A7, {hand} in elke hand.'],
          ['ring-cw', 'Met de klok mee: R vanuit de voorste rij (A1R zaait in A2, A3, …) en L vanuit de achterste rij (B1L zaait in A1, A2, …).'],
          ['ring-acw', 'Tegen de klok in: L vanuit de voorste rij (A3L zaait in A2, A1, …) en R vanuit de achterste rij (B8R zaait in A8, A7, …).'],
        ],
      },
      {
        id: 'namua',
        figs: [['mal-a6l', '@swa-a6l'], ['swa-kichwa'], ['swa-kichwa-a5l'], ['swa-kichwa-a5r']],
      },
    ],
    history: `<p>Bao wordt ook in Malawi gespeeld, waar het Bawo heet, en er worden officiële toernooien gehouden. Het oudste bekende Bao-bord, nu in het British Museum, komt uit Malawi en is niet ouder dan 1896. De bron die de opening van Malawi noemt, met {nyumba} zaden in de nyumba, vertelt verder niets over het spel zoals het daar gespeeld wordt.</p>`,
  },

  kimasai: {
    sub: 'Een Maasai-spel in twee fasen: eerst komen de kuddes op het bord, dan begint de veeroof.',
    sections: [
      {
        id: 'what',
        title: 'Wat is {variant}?',
        html: `<p>Bao la Kimasai is een mancalaspel met vier rijen van de Maasai-veehoeders in het noorden van Tanzania, van de vlakten rond de Kilimanjaro. De woorden komen uit de veeteelt: de kuiltjes zijn veekralen (<i>enkang</i>, meervoud <i>inkang’ite</i>) en de stukken zijn koeien (<i>engiteng</i>, meervoud <i>ingishu</i>). Het spel heeft twee fasen: eerst brengt elke speler de koeien uit zijn reserve op het bord, daarna begint de veeroof.</p>`,
      },
      {
        id: 'board',
        title: 'Het bord en de beginstand',
        html: `<p>Vier rijen van acht kuiltjes en geen voorraadkuilen. Elke speler heeft een voorste rij, tegenover de tegenstander (A1–A8 voor Zuid, a1–a8 voor Noord, geteld vanaf de linkerkant van de eigenaar), en een achterste rij daarachter (B1–B8, b1–b8). Er is geen nyumba.</p>
<p>Bij de start staat in elk van de zestien voorste kuiltjes {perPit} koe, de achterste rijen zijn leeg en elke speler houdt {hand} koeien in reserve, {total} in totaal. Zuid begint.</p>
<p>Er wordt altijd <b>met de klok mee</b> gezaaid, rond je eigen zestien kuiltjes: langs je voorste rij richting A8, om het eind de achterste rij in, daarlangs terug richting B1 en weer omhoog naar A1. Een zet heeft dus geen letter nodig: je schrijft alleen het kuiltje, bv. <code>A3</code> of <code>b7</code>.</p>`,
        figs: [['ring-cw', 'Met de klok mee, de enige richting in Bao la Kimasai: A1 → A8 → B8 → B1 → A1.']],
      },
      {
        id: 'phase1',
        title: 'Fase 1: de kuddes komen binnen',
        html: `<p>Zolang er nog koeien in een van de reserves staan:</p>
<ul>
<li>Zet één koe uit je reserve in een van je bezette kuiltjes, voor of achter, pak dan alle koeien uit dat kuiltje op en zaai ze met de klok mee, één per kuiltje.</li>
<li>Valt de laatste koe van een ronde in een kuiltje dat bezet was, pak dan al zijn koeien op en zaai door; valt ze in een leeg kuiltje, dan is de zet klaar.</li>
<li>In deze fase wordt niets geroofd.</li>
<li>De allereerste zet van Zuid gebruikt geen koe uit de reserve: Zuid pakt alleen de koe uit een van de kuiltjes op en zaait die.</li>
</ul>`,
        figs: [
          ['mas-start', 'De beginstand, Zuid aan zet: {perPit} koe in elk voorste kuiltje, {hand} in elke reserve. Zuid opent met A3, zonder koe uit de reserve.'],
          ['mas-a3', 'A3: de ene koe zaait door via A4, A6 en A8 tot in de achterste rij, {laps} rondes in totaal, en stopt in B7, dat leeg was.'],
        ],
      },
      {
        id: 'phase2',
        title: 'Fase 2: veeroof',
        html: `<p>Zijn beide reserves leeg, dan pakt elke zet alle koeien uit een van je bezette kuiltjes op (één koe is genoeg) en zaait ze met de klok mee, doorzaaiend zoals eerder. Eindigt een ronde in een van je voorste kuiltjes dat bezet was voordat de laatste koe viel, en staan er koeien in het kuiltje van je tegenstander ertegenover, dan roof je die: je neemt al die koeien en zaait ze met de klok mee verder, de eerste in het rovende kuiltje zelf. Daarna gaat de zet verder vanaf waar die ronde eindigt, volgens dezelfde regel: opnieuw roven, doorzaaien, of stoppen in een leeg kuiltje.</p>
<p>Roven gaat vanzelf: je enige keuze is het kuiltje waarmee je begint. Koeien in een achterste rij kunnen nooit geroofd worden.</p>`,
        figs: [
          ['mas-raid', 'Fase 2, Zuid aan zet. In A8 staan {A8} koeien, tegenover a1, waar er {a1} staan.'],
          ['mas-raid-a7', 'A7: de ene koe valt in A8, dat bezet was, dus Zuid rooft a1. De eerste van de {capture1} koeien gaat in A8 zelf, de volgende in B8, dat leeg was: de zet is klaar.'],
        ],
      },
      {
        id: 'end',
        title: 'Einde van het spel',
        html: `<ul>
<li>Je wint als de voorste rij van je tegenstander na jouw zet leeg is. Een roof die die rij leegmaakt, beëindigt de zet meteen; de geroofde koeien blijven in je reserve.</li>
<li>Maak je met je zet je eigen voorste rij leeg, dan verlies je. Pas op met een laatste voorste koe in A8: die gaat meteen de achterste rij in.</li>
<li>Remise bestaat niet, en koeien worden nooit geteld.</li>
<li>Een zet waarvan het doorzaaien eindeloos zou rondgaan, is geen geldige zet.</li>
</ul>`,
        figs: [
          ['mas-lone', 'Fase 2, Zuid aan zet. De enige voorste koe van Zuid staat in A8.'],
          ['mas-lone-a8', 'A8 verliest meteen: de koe gaat in B8, het doorzaaien loopt verder langs de achterste rij, en de voorste rij van Zuid is leeg.'],
        ],
      },
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rijen van acht kuiltjes en geen voorraadkuilen; jij hebt een voorste en een achterste rij.'],
      ['Stukken', kalahSeeds, '{perPit} koe in elk voorste kuiltje en {hand} in elke reserve, {total} in totaal.'],
      ['Richting', 'Tegen de klok in over het hele bord, door je eigen voorraadkuil maar niet door die van je tegenstander.', 'Alleen met de klok mee, rond je eigen zestien kuiltjes.'],
      ['Fasen', 'Eén.', 'Twee: de kuddes komen uit de reserves binnen (zonder roven), daarna de veeroof.'],
      ['Einde van een ronde', 'De zet is klaar; valt het laatste zaad in je voorraadkuil, dan ben je nog eens aan zet.', 'In een bezet kuiltje gaat de zet verder; alleen een leeg kuiltje maakt hem af.'],
      ['Slaan', kalahCapture, 'Vanzelf, in fase twee: een ronde die eindigt in een bezet voorste kuiltje neemt de koeien ertegenover, en die worden vanuit datzelfde kuiltje verder gezaaid.'],
      ['Winnen', kalahWin, 'Maak de voorste rij van je tegenstander leeg. Er wordt niets geteld.'],
    ],
    history: `<p>Bao la Kimasai is eerder een levende dan een geschreven traditie. De regels werden in 2001 opgetekend door David MacKay, die ze leerde van Moinget Ole Kuney, een Maasai-gezondheidswerker in een kliniek bij Kilimanjaro International Airport. Anders dan de meeste Oost-Afrikaanse mancalaspellen, die tegen de klok in zaaien, zaait dit spel met de klok mee. Er zijn geen regels voor de computer gepubliceerd; deze site volgt haar eigen zorgvuldige lezing van MacKays verslag.</p>`,
    sources: ['David MacKay, beschrijving van Bao la Kimasai zoals Moinget Ole Kuney het hem leerde, 2001.'],
  },
};
