// Regelpagina's, Nederlands. Eigen tekst van dit project, naar de projectregels (spec/rules.md) en de bronnen.
const kalahBoard = 'Twee rijen van zes putjes en aan elk eind een voorraadpot; jij hebt één rij.';
export default {
  kujifunza: {
    sub: 'Bao om te leren: het spel met vier rijen, zonder zaden in de hand en zonder huis.',
    what: `<p>Bao la Kujifunza betekent \u201cBao om mee te leren\u201d. Zo maken de meeste spelers aan de Swahilikust kennis met Bao, en alles wat het spel bijzonder maakt zit er al in: vier rijen, zaaien naar links of naar rechts, doorzaaien en slaan dat niet mag worden overgeslagen.</p>
<p>Je speelt Zuid of Noord. Van jou zijn de twee rijen aan jouw kant: een <b>voorste rij</b> die naar de tegenstander kijkt en een <b>achterste rij</b> daarachter. Zaden verlaten je zestien putjes alleen als de tegenstander ze slaat.</p>`,
    board: `<p>In elk putje liggen bij de start twee zaden, 64 samen. Putjes heten naar rij en nummer, geteld vanaf de linkerhand van de eigenaar: Zuid heeft voor A1\u2013A8 en achter B1\u2013B8, Noord a1\u2013a8 en b1\u2013b8. A1 ligt tegenover a8, A4 tegenover a5. De twee buitenste putjes van een voorste rij zijn de <b>kichwa</b> (\u201choofd\u201d); een kichwa met zijn buurman heet <b>kimbi</b>.</p>`,
    move: `<ol>
<li>Pak alle zaden uit een eigen putje met minstens twee zaden en kies een richting: L (naar putje 1) of R (naar putje 8). Je zestien putjes vormen één kring: het zaaien loopt van de voorste rij door naar de achterste en zo verder rond.</li>
<li>Leg de zaden een voor een in de volgende putjes. Dat is één <b>ronde</b>.</li>
<li>Valt het laatste zaad in een leeg putje, dan is je zet klaar. Lag er al iets, dan zaai je <b>door</b>: je pakt dat putje op en gaat in dezelfde richting verder.</li>
<li><b>Slaan.</b> Kan je eerste ronde eindigen in een bezet putje van je voorste rij met zaden ertegenover, dan moet je zo\u2019n zet doen (vanuit een putje met 2 tot 15 zaden). De zaden ertegenover zaai je in je eigen rijen vanaf een kichwa: na een slag in een kimbi vanaf de dichtstbijzijnde kichwa, anders vanaf de kichwa waar je huidige richting begint. Elke volgende ronde die net zo eindigt, slaat opnieuw.</li>
<li>Kun je niet slaan, dan speel je een <b>takasa</b> (ook takata): begin in je voorste rij als daar een putje met twee of meer zaden is; tijdens zo\u2019n zet wordt niets geslagen. Je laatste bezette voorste putje mag je niet vanuit een kichwa naar achteren leegspelen.</li>
</ol>
<p>Je wint als de voorste rij van je tegenstander leeg is of als hij niet meer kan zetten. Gelijkspel bestaat niet en er wordt nooit geteld.</p>
<p>Op deze site schrijf je een zet als putje plus richting, bijvoorbeeld <code>A7L</code>.</p>`,
    diagrams: [
      ['kuj-start', 'De beginstand: overal twee zaden. Zuid speelt A7L: de twee zaden uit A7 gaan naar A6 en A5.'],
      ['kuj-a7l', 'A5 was bezet en ligt tegenover a4, dus Zuid slaat de twee zaden van a4. Omdat er naar links gezaaid wordt, komen ze binnen via de rechter kichwa: A8 en dan A7, dat leeg was. De zet is klaar.'],
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rijen van acht putjes zonder voorraadpotten; jij hebt een voorste en een achterste rij, 16 putjes.'],
      ['Zaden', 'Vier per putje, 48.', 'Twee per putje, 64, alle op het bord.'],
      ['Zaaien', 'Tegen de klok in over het hele bord, ook in je pot.', 'Naar keuze links of rechts, alleen rond je eigen 16 putjes, vanuit een putje met minstens twee zaden.'],
      ['Einde van een ronde', 'De zet is klaar (een extra beurt als je in je pot eindigt).', 'In een bezet putje worden de zaden opgepakt en verder gezaaid; alleen een leeg putje maakt de zet af.'],
      ['Slaan', 'Mag: laatste zaad in een leeg eigen putje neemt de zaden ertegenover mee naar je pot.', 'Moet: een ronde die eindigt in een bezet voorste putje tegenover zaden neemt ze, en ze worden vanaf een kichwa in je eigen rijen gezaaid.'],
      ['Winnen', 'De meeste zaden in je pot.', 'Speel de voorste rij van je tegenstander leeg of laat hem zonder zet. Er wordt niets geteld.'],
    ],
    history: `<p>\u201cBao\u201d is Swahili voor bord of bordspel. Het wordt in heel Oost-Afrika gespeeld, van Kenia en Tanzania tot Malawi, Burundi en de Comoren, en hoort vooral thuis bij de Swahili aan de kust, waar een sterke speler de eretitel <i>bingwa</i> (meester) krijgt. Clubs zoals Chama cha Bao (sinds 1966) en officiële toernooien in Tanzania, op Zanzibar, op Lamu en in Malawi houden het spel levend.</p>
<p>De vroege geschiedenis is moeilijk na te gaan: borden zijn van hout en laten weinig sporen na. Een verslag van Étienne de Flacourt uit 1658 over een spel op Madagaskar wordt soms als eerste vermelding genoemd; de dichter Muyaka bin Haji uit Mombasa bezong Bao in de jaren 1820; en het oudste bewaarde bord, uit Malawi, is van 1896 of later. Bao la Kujifunza is de leervorm van het volledige spel, Bao la Kiswahili: zonder zaden in de hand en zonder vierkant huis, en het begint meteen met de mtaji-fase.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, proefschrift, Leiden, 1995: de regels zoals de meesters van Zanzibar ze tussen 1991 en 1995 leerden.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, proefschrift, Maastricht, 2003, bijlage \u201cZanzibar Bao rules for the computer\u201d: de precieze lezing die de engine van deze site volgt.',
      'Kronenburg, Donkers en De Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  kiswahili: {
    sub: 'Het volledige spel, zoals de Bao-meesters van Zanzibar het spelen.',
    what: `<p>Bao la Kiswahili, \u201cde Bao van de Swahili\u201d, is het complete spel en een van de diepste mancalaspellen die er bestaan. Het bord is hetzelfde als bij het beginnersspel, maar de meeste zaden beginnen naast het bord, in je hand, en één vierkant putje, de <b>nyumba</b> (huis), heeft eigen krachten.</p>
<p>Het spel kent twee fasen. In de <b>namua</b>-fase begint elke beurt met één zaad uit je hand op het bord. Zijn beide handen leeg, dan volgt de <b>mtaji</b>-fase, die speelt als Bao la Kujifunza.</p>`,
    board: `<p>Vier rijen van acht putjes; van jou zijn de voorste rij (A1\u2013A8 voor Zuid) en de achterste (B1\u2013B8). Je nyumba is het vijfde putje van links in je voorste rij (A5). Bij de start heeft elke speler zes zaden in de nyumba, twee in elk van de twee putjes rechts ervan (A6, A7) en 22 in de hand.</p>`,
    move: `<p><b>Een namua-zet</b> begint met één zaad uit je hand in een bezet putje van je voorste rij.</p>
<ul>
<li>Ligt een van je bezette voorste putjes tegenover een bezet putje, dan moet je <b>slaan</b>: leg het zaad daar, neem de zaden ertegenover en zaai ze vanaf een kichwa in je rijen. Vanuit A1/A2 komen ze binnen bij A1, vanuit A7/A8 bij A8; vanuit de middelste putjes kies je de kichwa zelf (dat is de L of R van de zet). Daarna gaat de zet verder als slagzet: een ronde die eindigt in een bezet voorste putje tegenover zaden slaat opnieuw, in een ander bezet putje wordt doorgezaaid, in een leeg putje is de zet klaar.</li>
<li>Anders speel je een <b>takasa</b>: leg het zaad in een voorste putje, pak dat putje op en zaai in de richting van je keuze, doorzaaiend tot een ronde in een leeg putje eindigt. Er wordt niets geslagen.</li>
</ul>
<p><b>De nyumba.</b> Zolang hij van jou is en er zes of meer zaden in liggen, stopt een ronde die er in de namua-fase eindigt: een takasa is dan klaar; bij een slagzet kies je tussen stoppen en op <b>safari</b> gaan, het huis leegmaken en verder zaaien (geschreven met een +, bv. <code>A8R+</code>), waarmee je het huis kwijtraakt. Het huis mag alleen een takasa beginnen als het je laatste bezette voorste putje is, en dan wordt het <i>belast</i>: slechts twee zaden worden gezaaid. Een huis dat geleegd of geslagen wordt, is voorgoed verloren, en de eerste slag in de mtaji-fase maakt een eind aan beide huizen.</p>
<p><b>De mtaji-fase</b> speelt als Bao la Kujifunza: begin vanuit een putje met minstens twee zaden, slaan is verplicht, en een putje met meer dan 15 zaden begint nooit een slag. Eén extra regel, <b>takasia</b>, kan je na een takasa van je tegenstander één beurt lang verbieden vanuit een enkel bedreigd putje te spelen; het bord geeft zo\u2019n putje aan.</p>
<p>Je wint door de voorste rij van je tegenstander leeg te spelen of hem zonder geldige zet te laten.</p>`,
    diagrams: [
      ['swa-start', 'De beginstand: 6 in de nyumba, 2 + 2 rechts ervan, 22 in de hand. Slaan kan nog niet, dus Zuid speelt een takasa, bv. A6L.'],
      ['swa-a6l', 'A6L: één zaad uit de hand in A6, waarvan de drie zaden naar A5, A4 en A3 gaan. A3 was leeg: de zet is klaar.'],
      ['swa-cap-before', 'Later in de namua-fase: A5 ligt tegenover a4, waar een zaad in ligt, dus Zuid moet daar slaan.'],
      ['swa-cap-after', 'A5L: het handzaad gaat in A5, het zaad van a4 wordt genomen en komt binnen via de linker kichwa A1, die leeg was: de zet is klaar.'],
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rijen van acht putjes zonder potten; je vijfde voorste putje is de vierkante nyumba.'],
      ['Zaden', 'Vier per putje, alle op het bord.', '64 zaden; elke speler begint met 10 op het bord en 22 in de hand.'],
      ['Fasen', 'Eén.', 'Twee: namua zolang er zaden in de hand zijn, daarna mtaji.'],
      ['Een beurt', 'Pak een putje op en zaai.', 'In namua eerst een zaad uit de hand in een bezet voorste putje; dat slaat, of wordt opgepakt en gezaaid.'],
      ['Slaan', 'Mag; geslagen zaden gaan naar je pot.', 'Moet; geslagen zaden worden vanaf een kichwa in je eigen rijen gezaaid en de zet gaat door.'],
      ['Bijzondere putjes', 'Geen.', 'De nyumba stopt het zaaien, biedt safari aan en wordt belast; takasia kan een bedreigd putje een beurt lang vastzetten.'],
      ['Winnen', 'De meeste zaden in je pot.', 'Speel de voorste rij van de tegenstander leeg of laat hem zonder zet.'],
    ],
    history: `<p>\u201cBao\u201d betekent bord in het Swahili. Het spel komt in heel Oost-Afrika voor en is het geliefdst aan de Swahilikust van Tanzania en Kenia, met officiële toernooien in Tanzania, op Zanzibar, op Lamu en in Malawi; de beste spelers dragen de titel <i>bingwa</i>. Het vierkante huis op traditionele borden maakt Bao herkenbaar tussen de mancalaspellen.</p>
<p>De regels werden mondeling doorgegeven, dus plaatselijke vormen verschillen. Hier gelden de regels die Alex de Voogt tussen 1991 en 1995 van de meesters van Zanzibar leerde en beschreef in zijn studie naar Bao-meesterschap; Jeroen Donkers legde ze later zo nauwkeurig vast dat een computer ze kan volgen, en de engine van deze site volgt die uitwerking. Waar de bronnen iets open laten, zoals bij de takasia-regel, volgt de engine latere commentatoren.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, Leiden, 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, Maastricht, 2003 (bijlage: Zanzibar Bao rules for the computer, 2001).',
      'Alex de Voogt, aantekeningen over takasia, <i>Abstract Games</i> 7, 2001.',
      'Kronenburg, Donkers en De Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  'kiswahili-malawi': {
    sub: 'Het volledige spel met de opening uit Malawi.',
    what: `<p>Dit is Bao la Kiswahili met één andere beginopstelling, zoals die gangbaar is in Malawi (waar het spel ook Bawo heet): de nyumba begint met <b>acht</b> zaden in plaats van zes, zodat elke speler <b>20</b> zaden in de hand heeft. De namua-fase duurt twee beurten korter en het huis is aan het begin sterker; alle andere regels zijn die van het volledige spel, hieronder beschreven.</p>`,
    board: `<p>Elke speler begint met acht zaden in de nyumba (A5), twee in elk van de twee putjes rechts ervan (A6, A7) en 20 in de hand.</p>`,
    diagrams: [
      ['mal-start', 'De opening uit Malawi: 8 in de nyumba, 2 + 2 rechts ervan, 20 in de hand.'],
      ['swa-cap-before', 'Slaan in de namua-fase gaat als in het volledige spel: A5 ligt tegenover a4, waar een zaad in ligt, dus Zuid moet daar slaan.'],
      ['swa-cap-after', 'A5L: het handzaad gaat in A5, het zaad van a4 komt binnen via de linker kichwa A1, die leeg was: de zet is klaar.'],
    ],
  },
  kimasai: {
    sub: 'Een Maasai-spel in twee fasen: eerst de kudde naar de wei, dan veeroof.',
    what: `<p>Bao la Kimasai is een mancala met vier rijen van de Maasai-veehoeders in het noorden van Tanzania, gespeeld op de vlakten rond de Kilimanjaro. De woorden komen uit de veeteelt: de putjes zijn kralen (<i>enkang</i>, meervoud <i>inkang\u2019ite</i>) en de zaden zijn koeien (<i>engiteng</i>, meervoud <i>ingishu</i>). Eerst brengt elke speler zijn reservekoeien naar de wei, daarna begint het roven.</p>`,
    board: `<p>Vier rijen van acht putjes, geen potten. Bij de start staat in elk van de 16 voorste putjes één koe, de achterste rijen zijn leeg en elke speler heeft 24 koeien in reserve. Er wordt altijd <b>met de klok mee</b> gezaaid rond je eigen zestien putjes: over je voorste rij naar putje 8 en dan terug over je achterste rij. Een zet is alleen een putje, bv. <code>B4</code>.</p>`,
    move: `<p><b>Fase 1: hoeden.</b> Zet één koe uit je reserve in een bezet eigen putje (voor of achter), pak daarna alles uit dat putje op en zaai met de klok mee. Eindigt een ronde in een bezet putje, dan pak je dat op en zaai je verder; in een leeg putje is de zet klaar. In deze fase wordt niets geslagen. De allereerste zet van Zuid gebruikt geen reservekoe: hij pakt gewoon een van de koeien op die al staan.</p>
<p><b>Fase 2: roven.</b> Zijn beide reserves op, dan pak je een bezet putje op, ook als er maar één koe in staat, en zaai je met de klok mee. Eindigt een ronde in een bezet putje van je voorste rij terwijl er tegenover koeien staan, dan rover je die: de buit wordt met de klok mee verder gezaaid, de eerste koe in het rovende putje zelf, en de zet gaat volgens dezelfde regels verder. Achterste rijen kunnen nooit beroofd worden.</p>
<p>Je wint door de voorste rij van je tegenstander leeg te spelen (of als hij niet meer kan zetten).</p>`,
    diagrams: [
      ['mas-start', 'De beginstand: één koe in elk voorste putje, 24 in elke reserve. Zuid opent met A3.'],
      ['mas-a3', 'A3: de koe komt in A4 (bezet: 2 verder), dan A6 (2 verder), dan A8 (2 verder) naar de achterste rij, B8 en B7. B7 was leeg: de zet is klaar.'],
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rijen van acht putjes, geen potten; jij hebt een voorste en een achterste rij.'],
      ['Zaden', 'Vier per putje, alle op het bord.', 'Eén koe in elk voorste putje, 24 in elke reserve, 64 samen.'],
      ['Richting', 'Tegen de klok in over het hele bord.', 'Alleen met de klok mee, rond je eigen 16 putjes.'],
      ['Fasen', 'Eén.', 'Twee: hoeden (reservekoeien komen erbij, niet slaan), dan roven.'],
      ['Einde van een ronde', 'De zet is klaar.', 'Een bezet putje wordt opgepakt en verder gezaaid; alleen een leeg putje maakt de zet af.'],
      ['Slaan', 'Laatste zaad in een leeg eigen putje neemt de zaden ertegenover mee naar je pot.', 'Een ronde die eindigt in een bezet voorste putje neemt de koeien ertegenover; ze worden vanuit datzelfde putje verder gezaaid.'],
      ['Winnen', 'De meeste zaden in je pot.', 'Speel de voorste rij van de tegenstander leeg.'],
    ],
    history: `<p>Dit spel is een levende traditie, geen geschreven. De regels werden in 2001 vastgelegd door David MacKay, die ze leerde van Moinget Ole Kuney, een Maasai-gezondheidswerker bij een kliniek in de buurt van Kilimanjaro International Airport. Anders dan de meeste Oost-Afrikaanse mancala\u2019s, die tegen de klok in zaaien, zaait Bao la Kimasai met de klok mee, en de twee fasen volgen het jaar van de hoeder: de kudde uitdrijven, haar verdedigen en bij anderen roven. Er zijn geen formele computerregels gepubliceerd; deze site volgt een eigen zorgvuldige lezing van die documentatie.</p>`,
    sources: [
      'David MacKay, beschrijving van Bao la Kimasai zoals Moinget Ole Kuney het leerde, 2001.',
      'Voor de bredere familie van spellen met vier rijen: Alex de Voogt, <i>Limits of the Mind</i>, Leiden, 1995.',
    ],
  },
};
