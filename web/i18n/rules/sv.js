// Regelsidor, svenska. Projektets egen text, efter projektets regler (spec/rules.md) och källorna.
// Spelets siffror kommer som {platshållare} från web/rules-data.js; fasta regeltal skrivs med bokstäver.
const kalahBoard = 'Två rader om sex gropar och ett förråd för varje spelare vid ena änden; du äger en rad och ditt förråd.';
const kalahSeeds = 'Fyra i varje grop, 48 totalt.';
const kalahCapture =
  'Av sig själv: faller ditt sista frö i en tom grop i din egen rad, går det fröet och fröna mitt emot till ditt förråd.';
const kalahWin = 'När en spelares gropar är tomma är spelet slut, och den som har flest frön i sitt förråd vinner.';

const endOfGame = `<ul>
<li>Du vinner om motståndarens främre rad är tom efter ditt drag. Tömmer en fångst den raden tar draget slut på stället: de fångade fröna sås inte utan stannar i din hand.</li>
<li>Tömmer du din egen främre rad med ditt drag medan motståndarens fortfarande har frön, förlorar du.</li>
<li>Kan du inte göra något drag när det är din tur, förlorar du.</li>
<li>Det finns ingen remi, och frön räknas aldrig.</li>
<li>Vidaresådd kan i sällsynta fall gå runt i all oändlighet. Ett drag som kommer tillbaka till ett läge det redan har varit i skulle aldrig ta slut, och därför är det inget tillåtet drag.</li>
</ul>`;

export default {
  steps: {
    seeds: '{n} frön',
    'seeds.one': '{n} frö',
    'seeds.cows': '{n} kor',
    'seeds.cows.one': '{n} ko',
    hand: 'Ett frö från handen läggs i {pit}.',
    'hand.cows': 'En ko från reserven sätts i {pit}.',
    lift: '{pit}: ta upp dess {what} och så dem i {pits}.',
    'lift.one': '{pit}: ta upp dess enda frö och så det i {pits}.',
    'lift.cows.one': '{pit}: ta upp dess enda ko och så den i {pits}.',
    tax: 'Nyumban {pit} beskattas: ta bara upp {what} och så dem i {pits}.',
    relay: 'Det fanns redan frön i {pit}: ta upp dess {what} och så dem vidare i {pits}.',
    'relay.cows': 'Det fanns redan kor i {pit}: ta upp dess {what} och så dem vidare i {pits}.',
    capture: '{own} står mot {pit}: fånga dess {what} och så dem från {into}: {pits}.',
    'capture.one': '{own} står mot {pit}: fånga dess frö och så det i {pits}.',
    'capture.cows': '{own} står mot {pit}: röva dess {what} och så dem från {into}: {pits}.',
    'capture.cows.one': '{own} står mot {pit}: röva dess ko och så den i {pits}.',
    captureLast: '{own} står mot {pit}: fånga dess {what}.',
    'captureLast.one': '{own} står mot {pit}: fånga dess frö.',
    'captureLast.cows': '{own} står mot {pit}: röva dess {what}.',
    safari: 'Safari: ta upp de {what} som ligger i nyumban {pit} och så dem vidare i {pits}.',
    stop: 'Varvet slutar i den egna nyumban {pit}, som inte fångar: där stannar draget.',
    takasiaStop: 'Varvet slutar i {pit}, som är takasia: där stannar draget.',
    end: '{pit} var tom: draget är slut.',
    win: '{loser}s främre rad är tom: {winner} vinner.',
    kept: 'De {n} fröna som just fångades sås inte: de stannar i {winner}s hand.',
    'kept.one': 'Fröet som just fångades sås inte: det stannar i {winner}s hand.',
    'kept.cows': 'De {n} korna som just rövades sås inte: de stannar i {winner}s reserv.',
  },

  kujifunza: {
    sub: 'Bao för nybörjare: fyra rader, sådd åt båda hållen och tvingande fångst, utan frön i handen och utan nyumba.',
    sections: [
      {
        id: 'what',
        title: 'Vad är {variant}?',
        html: `<p>Bao la Kujifunza, ”Bao för att lära sig”, är den enklare av de två former av Bao som spelas på Zanzibar och i Tanzania. Två delar av det fullständiga spelet, Bao la Kiswahili, faller bort: det finns inga frön i handen och ingen nyumba (hus). Kvar blir kärnan i Bao: sådd åt båda hållen runt dina egna sexton gropar, vidaresådd och fångster som du inte får avstå från.</p>
<p>Två spelare, Syd och Nord, sitter mittemot varandra. Syd börjar.</p>`,
      },
      {
        id: 'board',
        title: 'Brädet',
        html: `<p>Brädet har fyra rader om åtta gropar och inga förråd. Varje spelare äger de två raderna närmast sig: den <b>främre raden</b>, mot motståndaren, och den <b>bakre raden</b> bakom den. I början ligger {perPit} frön i varje grop, {total} totalt.</p>
<p>Groparna heter efter rad och nummer, räknat från ägarens vänstra sida: Syd har A1–A8 fram och B1–B8 bak, Nord a1–a8 och b1–b8. A1 ligger till vänster hos Syd och står mot a8; A4 står mot a5.</p>
<p>De två yttersta groparna i en främre rad är <b>vichwa</b> (singular <b>kichwa</b>, ”huvud”): A1 är den vänstra kichwan, A8 den högra. En kichwa och gropen bredvid, A1 och A2 eller A7 och A8, bildar en <b>kimbi</b>.</p>
<p>Du sår bara i dina egna sexton gropar, och de bildar en sluten <b>ring</b>: längs den främre raden, runt hörnet in i den bakre, tillbaka längs den och runt igen. Sett ovanifrån med ägaren nederst går ringen medurs A1 → A8 → B8 → B1 → A1.</p>
<p>Ett drag skrivs som startgropen och en bokstav, till exempel <code>A7L</code> (stora bokstäver är Syds gropar, små Nords). <b>L</b> skickar fröna åt vänster längs startgropens rad, mot A1 eller B1, och <b>R</b> åt höger, mot A8 eller B8, sett från din egen sida. Sedan fortsätter de runt ringen åt samma håll. Från den främre raden går R alltså medurs och L moturs, från den bakre raden tvärtom:</p>`,
        figs: [
          ['ring-cw', 'Medurs: R från en främre grop (A1R sår i A2, A3, …) och L från en bakre grop (B1L sår i A1, A2, …).'],
          ['ring-acw', 'Moturs: L från en främre grop (A3L sår i A2, A1, …) och R från en bakre grop (B8R sår i A8, A7, …).'],
        ],
      },
      {
        id: 'move',
        title: 'Så går ett drag till',
        html: `<ol>
<li>Välj en av dina gropar med minst två frön, i den främre eller den bakre raden, och en riktning. Ta upp alla frön.</li>
<li>Lägg dem ett i taget i groparna som följer runt ringen, med början i gropen efter den du tömde. Att så en handfull på det sättet kallas ett <b>varv</b>.</li>
<li>Titta på gropen där det sista fröet hamnade. Var den tom innan fröet föll, är draget slut. Fanns det redan frön där fortsätter draget: antingen fångar du (se nästa avsnitt), eller så gör du <b>vidaresådd</b>: du tar upp alla frön i gropen, det sista medräknat, och sår dem vidare åt samma håll som ett nytt varv. ”Med frön” betyder i de här reglerna alltid: med frön innan varvets sista frö föll.</li>
<li>Ett varv med sexton frön eller fler går hela vägen runt ringen och lägger ett frö även i gropen där det började.</li>
</ol>`,
      },
      {
        id: 'capture',
        title: 'Fångst',
        html: `<p>Ett <b>fångstdrag</b> börjar i en grop med två till femton frön, och dess första varv slutar i en grop med frön i din främre rad medan gropen mitt emot, i motståndarens främre rad, också har frön. <b>Har du ett fångstdrag måste du spela ett</b>; har du flera får du välja vilket. En grop med sexton frön eller fler inleder aldrig ett fångstdrag.</p>
<p>I ett fångstdrag tar du, varje gång ett varv slutar så, alla frön i gropen mitt emot och sår dem i dina egna rader från en av dina vichwa. Det första fångade fröet läggs i själva kichwan och resten följer mot radens mitt:</p>
<ul>
<li>efter en fångst i din vänstra kimbi (A1 eller A2) kommer de in vid A1 och går mot A8;</li>
<li>efter en fångst i din högra kimbi (A7 eller A8) kommer de in vid A8 och går mot A1;</li>
<li>efter en fångst i A3 till A6 behåller sådden sin riktning: gick varvet längs din främre rad mot A8 kommer de in vid A1, gick det mot A1 kommer de in vid A8.</li>
</ul>
<p>Sedan fortsätter draget varv för varv: ett varv som slutar i en främre grop med frön mot en grop med frön fångar igen, ett varv som slutar i någon annan grop med frön ger vidaresådd, och ett varv som slutar i en tom grop avslutar draget.</p>`,
        figs: [
          ['kuj-start', 'Utgångsläget, Syd vid draget: {perPit} frön i varje grop. Här fångar alla Syds drag; Syd spelar A7L.'],
          ['kuj-a7l', 'Det första varvet slutar i A5, som hade frön och står mot a4, så Syd fångar de {capture1} fröna i a4. Varvet gick mot A1, så de kommer in vid den högra kichwan, A8, och fortsätter till A7, som var tom: draget är slut.'],
          ['kuj-chain', 'Ett annat parti, Syd vid draget. A5 har {A5} frön; A7 står mot a2 och A6 mot a3, som har {a2} frö var.'],
          ['kuj-chain-a5r', 'A5R slutar sitt första varv i A7, i den högra kimbin, så fröet från a2 kommer in vid A8 och sådden vänder mot A1. A8 sår vidare i A7 och A6; A6 står mot a3 och fångar igen, och eftersom sådden fortfarande går mot A1 kommer även det fröet in vid A8.'],
        ],
      },
      {
        id: 'takasa',
        title: 'Drag utan fångst: takasa',
        html: `<p>Har du inget fångstdrag spelar du en <b>takasa</b> (i vissa källor takata), ett drag som inte fångar något:</p>
<ul>
<li>Du måste börja i den främre raden om någon av dina främre gropar har två frön eller fler; bara om ingen har det får du börja i den bakre raden.</li>
<li>Draget fortsätter med vidaresådd tills ett varv slutar i en tom grop. En takasa fångar aldrig, inte ens när ett varv slutar i en främre grop med frön mot frön: även där blir det vidaresådd.</li>
<li>Är din enda främre grop med frön en kichwa får du inte så den utåt, in i den bakre raden (A1 med L, A8 med R), för då skulle din främre rad bli tom.</li>
</ul>`,
        figs: [
          ['kuj-takasa', 'Syd vid draget. Inget drag fångar och ingen främre grop har två frön eller fler, så Syd måste börja bak, i B4, den enda gropen med två.'],
          ['kuj-takasa-b4r', 'B4R: R från den bakre raden går mot B8 och vidare in i den främre raden. Varje varv slutar i en grop med frön och sås vidare, {laps} varv totalt, även i A7, A5, A3 och A1, som står mot frön: en takasa fångar aldrig.'],
          ['kuj-big', 'Ett annat parti, Syd vid draget. A5 har {A5} frön.'],
          ['kuj-big-a5l', 'A5L: de {lift} fröna går ett varv runt ringen, och det sista hamnar i själva A5, som varit tom sedan den tömdes: draget är slut. En så full grop kan aldrig inleda ett fångstdrag.'],
        ],
      },
      {
        id: 'end',
        title: 'Spelets slut',
        html: endOfGame,
        figs: [
          ['kuj-win', 'Syd vid draget. Nords främre rad har ett enda frö kvar, i a6, som står mot A3.'],
          ['kuj-win-a5l', 'A5L slutar sitt varv i A3, mitt emot a6 med {capture1} frö. Fångsten tömmer Nords främre rad, så spelet tar slut direkt: Syd vinner, och det fångade fröet stannar i Syds hand.'],
        ],
      },
    ],
    diff: [
      ['Bräde', kalahBoard, 'Fyra rader om åtta gropar och inga förråd; du äger en främre och en bakre rad, sexton gropar.'],
      ['Frön', kalahSeeds, '{perPit} i varje grop, {total} totalt, alla på brädet.'],
      ['Sådd', 'Moturs runt hela brädet, genom ditt eget förråd men inte motståndarens.', 'Åt det håll du väljer, bara runt dina egna sexton gropar, från en grop med minst två frön.'],
      ['När ett varv slutar', 'Draget är slut; hamnar det sista fröet i ditt förråd får du göra ett drag till.', 'I en grop med frön fortsätter draget (vidaresådd eller fångst); bara en tom grop avslutar det.'],
      ['Fångst', kalahCapture, 'Tvingande: kan du fånga måste du. De fångade fröna sås tillbaka i dina egna rader från en kichwa och draget fortsätter.'],
      ['Så vinner du', kalahWin, 'Töm motståndarens främre rad eller lämna motståndaren utan drag. Ingenting räknas.'],
    ],
    history: `<p>”Bao” är swahili för bräde och för brädspel. Spelet spelas i stora delar av Östafrika, bland annat i Tanzania, Kenya, Malawi, Burundi och på Komorerna, och är populärast bland swahilifolket i Tanzania och Kenya, där en mästare i spelet hedras med titeln <i>bingwa</i>. Föreningar som Chama cha Bao, grundad 1966, och officiella turneringar i Tanzania, på Zanzibar, i Lamu i Kenya och i Malawi håller spelet organiserat.</p>
<p>Om den tidiga historien vet man lite, eftersom brädena är av trä och nästan inget lämnar efter sig åt arkeologerna. Ett spel på Madagaskar som Étienne de Flacourt, då fransk guvernör där, beskrev 1658 nämns ibland som det första omnämnandet, men forskarna tvekar att kalla det Bao. På 1820-talet prisade poeten Muyaka bin Haji från Mombasa spelet i dikten <i>Bao Naligwa</i>. Det äldsta bräde som finns bevarat kommer från Malawi, finns på British Museum och är från 1896 eller senare.</p>
<p>Bao la Kujifunza är inlärningsformen av Bao la Kiswahili: eftersom alla frön ligger på brädet från början finns inget namua-skede, och hela spelet spelas så som det fullständiga spelet spelar sitt andra skede, mtaji-skedet.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, doktorsavhandling, Leiden, 1995: en studie av hur Baomästarna på Zanzibar tänker och spelar, som också återger de regler de lärde honom mellan 1991 och 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, doktorsavhandling, Maastricht, 2003, bilaga ”Zanzibar Bao rules for the computer”: den exakta tolkning av reglerna som sajtens motor följer.',
      'Tom Kronenburg, Jeroen Donkers och Alex de Voogt, ”Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  kiswahili: {
    sub: 'Det fullständiga spelet, så som Baomästarna på Zanzibar spelar det.',
    sections: [
      {
        id: 'what',
        title: 'Vad är {variant}?',
        html: `<p>Bao la Kiswahili, ”swahilifolkets Bao”, är det fullständiga spelet och ett av de djupaste mankalaspelen som finns. Det spelas på samma bräde som Bao la Kujifunza, men de flesta frön börjar utanför brädet, i spelarnas händer, och en grop, <b>nyumban</b> (huset), ofta fyrkantigt urholkad på gamla bräden, har egna krafter.</p>
<p>Spelet har två skeden. I <b>namua</b>-skedet börjar varje drag med ett frö ur handen. När båda händerna är tomma följer <b>mtaji</b>-skedet, som spelas som Bao la Kujifunza med två extra regler.</p>`,
      },
      {
        id: 'board',
        title: 'Brädet och utgångsläget',
        html: `<p>Fyra rader om åtta gropar och inga förråd. Varje spelare äger två rader: den <b>främre raden</b>, mot motståndaren, och den <b>bakre raden</b> bakom den. Groparna heter efter rad och nummer, räknat från ägarens vänstra sida: Syd har A1–A8 fram och B1–B8 bak, Nord a1–a8 och b1–b8. A1 står mot a8, A2 mot a7 och så vidare.</p>
<p><b>Nyumban</b> är den femte gropen från vänster i ägarens främre rad: A5 för Syd, a5 för Nord. De två yttersta groparna i en främre rad är <b>vichwa</b> (singular <b>kichwa</b>, ”huvud”), A1 till vänster och A8 till höger; en kichwa och gropen bredvid, A1 och A2 eller A7 och A8, bildar en <b>kimbi</b>.</p>
<p>I början har varje spelare {nyumba} frön i nyumban, {beside} i var och en av de två groparna till höger om den (A6 och A7) och {hand} i handen, {total} frön totalt. Båda spelarna äger sin nyumba. Syd börjar.</p>
<p>Du sår bara runt dina egna sexton gropar, som bildar en ring: medurs går den A1 → A8 → B8 → B1 → A1. Ett drag skrivs som grop och bokstav: <b>L</b> skickar fröna åt vänster längs startgropens rad (mot A1 eller B1) och <b>R</b> åt höger (mot A8 eller B8), och sådden fortsätter runt ringen åt samma håll. Bara vid en fångst i namua-skedet betyder bokstaven något annat: då anger den vilken kichwa de fångade fröna kommer in vid (L: A1, R: A8). Ett <code>+</code> efter draget betyder safari (se nyumban).</p>`,
        figs: [
          ['swa-start', 'Utgångsläget, Syd vid draget: {nyumba} frön i nyumban A5, {beside} i A6 och i A7, {hand} i varje hand.'],
          ['ring-cw', 'Medurs: R från en främre grop (A1R sår i A2, A3, …) och L från en bakre grop (B1L sår i A1, A2, …).'],
          ['ring-acw', 'Moturs: L från en främre grop (A3L sår i A2, A1, …) och R från en bakre grop (B8R sår i A8, A7, …).'],
        ],
      },
      {
        id: 'stages',
        title: 'Två skeden',
        html: `<p><b>Namua.</b> Så länge du har frön i handen är vart och ett av dina drag ett namua-drag (nästa avsnitt): det börjar med att du lägger ett frö från handen på brädet. Händerna töms i tur och ordning, så efter {hand} drag av varje spelare är båda tomma.</p>
<p><b>Mtaji.</b> Därefter börjar varje drag med att man tar upp frön som redan ligger på brädet, som i Bao la Kujifunza.</p>`,
      },
      {
        id: 'namua',
        title: 'Ett drag i namua-skedet',
        html: `<p>Varje namua-drag börjar med att du lägger ett frö från handen i en grop <b>med frön</b> i din främre rad: aldrig i en tom grop och aldrig i den bakre raden. Draget är uppkallat efter den gropen.</p>
<p><b>Fångst.</b> Står någon av dina främre gropar med frön mot en grop med frön hos motståndaren måste du fånga: lägg fröet i en sådan grop (finns det flera väljer du), ta alla frön i gropen mitt emot och så dem i dina egna rader från en kichwa, det första fröet i själva kichwan:</p>
<ul>
<li>efter en fångst vid A1 eller A2 kommer de in vid A1, vid A7 eller A8 kommer de in vid A8;</li>
<li>efter en fångst vid A3 till A6 kommer de in vid den kichwa du väljer, och dragets bokstav säger vilken: L för A1, R för A8.</li>
</ul>
<p>Frön som kommer in vid A1 går mot A8, och frön som kommer in vid A8 går mot A1. Sedan fortsätter draget varv för varv: ett varv som slutar i en främre grop med frön mot en grop med frön fångar igen (vid A3 till A6 nu utan val: fröna kommer in vid den kichwa som behåller såddens riktning, A1 när den går mot A8 och A8 när den går mot A1), ett varv som slutar i någon annan grop med frön ger vidaresådd, och ett varv som slutar i en tom grop avslutar draget. ”Med frön” betyder hela tiden: med frön innan varvets sista frö föll. Nyumban kan stoppa ett varv; se nedan.</p>
<p><b>Takasa.</b> Kan du inte fånga spelar du en takasa: lägg fröet i en av dina främre gropar med frön, ta upp alla dess frön och så dem åt det håll du väljer, med vidaresådd tills ett varv slutar i en tom grop. En takasa fångar aldrig, inte ens när ett varv slutar mot frön. Alla främre gropar får inte inleda den:</p>
<ul>
<li>En nyumba som du äger och som har sex frön eller fler får inleda en takasa bara om den är din enda främre grop med frön. Den <b>beskattas</b> då: när fröet från handen har lagts i tar du bara upp två frön och sår dem, och nyumban förblir din.</li>
<li>En grop med ett enda frö får inleda en takasa bara så länge du äger din nyumba, eller om ingen av de gropar du får välja har två frön eller fler.</li>
<li>Är din enda främre grop med frön en kichwa får du inte så den utåt, in i den bakre raden (A1 med L, A8 med R).</li>
</ul>`,
        figs: [
          ['swa-a6l', 'I utgångsläget kan ingen fånga, så Syd spelar en takasa: fröet från handen läggs i A6, vars {lift} frön går till A5, A4 och A3. A3 var tom, så draget är slut, och Syd har {hand.south} frön kvar i handen.'],
          ['swa-kichwa', 'Namua-skedet, Syd vid draget. A5 står mot a4 och A6 mot a3, som har frön, så Syd måste fånga, vid A5 eller vid A6, och från de här mittgroparna väljer Syd själv kichwa.'],
          ['swa-kichwa-a5l', 'A5L: fröet från handen läggs i A5; a4 har {capture1} frö, som fångas och kommer in vid den vänstra kichwan A1. A1 var tom, så draget är slut.'],
          ['swa-kichwa-a5r', 'A5R: samma fångst, men in vid den högra kichwan A8. I A8 låg redan ett frö, så draget fortsätter och fångar även fröet i a3.'],
        ],
      },
      {
        id: 'nyumba',
        title: 'Nyumban',
        html: `<p>Nyumban har särskilda krafter bara så länge ägaren fortfarande <b>äger</b> den och den har <b>sex frön eller fler</b>. Med färre är den en vanlig grop, och krafterna kommer tillbaka om den fylls på till sex igen medan den fortfarande ägs.</p>
<ul>
<li><b>Stanna eller safari</b> (bara i namua-skedet). Slutar ett varv i din egen nyumba utan att fånga där (i ett fångstdrag: gropen mitt emot är tom; en takasa fångar aldrig), blir det ingen vidaresådd. En takasa tar slut där. I ett fångstdrag väljer du: stanna där, eller gå på <b>safari</b>: ta upp alla dess frön och så dem vidare åt samma håll (skrivs med <code>+</code>, t.ex. <code>A8R+</code>). Efter en safari är nyumban inte längre din.</li>
<li><b>Skatt</b> (bara i namua-skedet): en nyumba som är din enda främre grop med frön inleder en takasa med bara två av sina frön (se takasa-reglerna ovan).</li>
<li><b>Att förlora den.</b> Du förlorar din nyumba för gott när den töms på något annat sätt än genom skatten (spelad som startgrop, vidaresådd, safari) eller när motståndaren fångar den. Den första fångsten i mtaji-skedet, av vilken spelare som helst, gör slut på ägandet av båda nyumbas.</li>
<li><b>I mtaji-skedet</b> har en ägd nyumba varken stopp, safari eller skatt: ett varv som slutar i den ger vidaresådd som överallt annars, och en takasa får börja i den (då töms den och går förlorad). Den kan fortfarande aldrig bli takasia (se nedan).</li>
</ul>`,
        figs: [
          ['swa-nyumba', 'Namua-skedet, Syd vid draget. A8 står mot a1, som har ett frö, och nyumban A5 har {A5} frön. Syd kan fånga från A8 (A8R) och får då nyumbans val.'],
          ['swa-nyumba-a8r', 'A8R: fröet från a1 kommer in vid A8, som sås vidare; varvet slutar i nyumban, och a4, mitt emot, är tom. Syd stannar där: nyumban behåller sina {A5} frön och förblir Syds.'],
          ['swa-nyumba-a8r-safari', 'A8R+: samma drag med safari. Nyumbans {safari} frön sås vidare, ända in i den bakre raden. Nyumban är nu tom och inte längre Syds.'],
          ['swa-tax', 'Namua-skedet, Syd vid draget. Syds enda främre grop med frön är nyumban, som Syd äger, med {A5} frön, och ingen fångst är möjlig.'],
          ['swa-tax-a5l', 'A5L: fröet från handen läggs i, men bara {lift} frön tas upp: nyumban beskattas. Den behåller {A5} frön och förblir Syds, men med färre än sex har den inga krafter förrän den fylls på igen.'],
        ],
      },
      {
        id: 'mtaji',
        title: 'Mtaji-skedet',
        html: `<p>När båda händerna är tomma spelas varje drag som i Bao la Kujifunza: ta upp alla frön i en av dina gropar med minst två och så dem åt det håll du väljer, med vidaresådd från gropar med frön.</p>
<ul>
<li>Ett drag från en grop med två till femton frön vars första varv slutar i en främre grop med frön mot en grop med frön är ett fångstdrag. Har du ett måste du spela ett; har du flera väljer du.</li>
<li>Fångade frön kommer in vid en kichwa: efter en fångst vid A1 eller A2 vid A1, vid A7 eller A8 vid A8, och vid A3 till A6 vid den kichwa som behåller såddens riktning (A1 när den går mot A8, A8 när den går mot A1).</li>
<li>Utan fångst spelar du en takasa: från den främre raden om någon främre grop har två frön eller fler, utan att någonsin fånga, och aldrig så att din enda främre grop med frön sås från en kichwa in i den bakre raden.</li>
<li>En grop med sexton frön eller fler går hela vägen runt, lägger ett frö i sig själv och kan aldrig inleda ett fångstdrag.</li>
</ul>`,
      },
      {
        id: 'takasia',
        title: 'Takasia',
        html: `<p>Takasia skyddar en hotad grop under ett drag, och bara i mtaji-skedet. När du har spelat en takasa i mtaji-skedet, och spelet inte är slut, ser man på ställningen med motståndaren vid draget. Om</p>
<ol>
<li>motståndaren inte har något fångstdrag,</li>
<li>exakt en av motståndarens främre gropar skulle kunna fångas av första varvet i ett av dina fångstdrag, om det vore din tur igen,</li>
<li>och den gropen inte har bara ett frö, inte är motståndarens enda främre grop med frön, inte är motståndarens enda främre grop med två frön eller fler och inte är en nyumba som motståndaren fortfarande äger,</li>
</ol>
<p>så är den gropen <b>takasia</b> under motståndarens nästa drag: draget får inte börja där, och slutar ett varv i draget där, stannar draget i stället för att sås vidare. Att så igenom den går som vanligt. Markeringen gäller för det enda draget, och brädet visar den.</p>`,
        figs: [
          ['swa-takasia', 'Mtaji-skedet, Syd vid draget. Ingen fångst är möjlig, så Syd spelar en takasa: A5R.'],
          ['swa-takasia-a5r', 'Efter A5R har Nord inget fångstdrag, och a2, med {a2} frön, är den enda av Nords främre gropar som Syd nu skulle kunna fånga. Därför är a2 takasia under Nords nästa drag (röd streckad ring).'],
        ],
      },
      { id: 'end', title: 'Spelets slut', html: endOfGame },
    ],
    diff: [
      ['Bräde', kalahBoard, 'Fyra rader om åtta gropar och inga förråd; den femte gropen från vänster i din främre rad är nyumban.'],
      ['Frön', kalahSeeds, '{total} totalt; varje spelare börjar med {onBoard} på brädet, varav {nyumba} i nyumban, och {hand} i handen.'],
      ['Skeden', 'Ett.', 'Två: namua så länge du har frön i handen, sedan mtaji.'],
      ['Ett drag', 'Ta upp fröna i en av dina gropar och så dem.', 'I namua-skedet lägger du först ett frö från handen i en främre grop med frön; den gropen fångar sedan, eller tas upp och sås.'],
      ['Fångst', kalahCapture, 'Tvingande: kan du fånga måste du. De fångade fröna sås tillbaka i dina egna rader från en kichwa och draget fortsätter.'],
      ['Särskilda gropar', 'Förråden, som bara samlar frön: sådden går genom ditt eget förråd och hoppar över motståndarens.', 'Nyumban: i namua-skedet, så länge den ägs och har sex frön eller fler, stoppar den ett varv (eller erbjuder safari i ett fångstdrag) och beskattas när den är din enda främre grop med frön. Takasia kan skydda en hotad grop under ett drag i mtaji-skedet.'],
      ['Så vinner du', kalahWin, 'Töm motståndarens främre rad eller lämna motståndaren utan drag. Ingenting räknas.'],
    ],
    history: `<p>”Bao” är swahili för bräde. Spelet spelas i stora delar av Östafrika och är populärast bland swahilifolket i Tanzania och Kenya; officiella turneringar hålls i Tanzania, på Zanzibar, i Lamu i Kenya och i Malawi, och en mästare i spelet får titeln <i>bingwa</i>. Den fyrkantiga nyumban på många traditionella bräden skiljer Baobräden från andra mankalabräden.</p>
<p>Reglerna fördes vidare muntligt, så lokala varianter skiljer sig åt. Sajten spelar de regler som Alex de Voogt lärde sig av mästarna på Zanzibar mellan 1991 och 1995 och tecknade ner i sin studie av mästerskap i Bao. Jeroen Donkers skrev senare ner samma regler tillräckligt noga för en dator, och sajtens motor följer hans formalisering; för takasia följer den de Voogts senare anteckning om den regeln.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, doktorsavhandling, Leiden, 1995: en studie av hur Baomästarna på Zanzibar tänker och spelar, som också återger deras regler.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, doktorsavhandling, Maastricht, 2003, bilaga ”Zanzibar Bao rules for the computer” (2001): de formella regler som sajtens motor följer.',
      'Alex de Voogt, anteckning om takasia-regeln, <i>Abstract Games</i> 7, 2001.',
      'Tom Kronenburg, Jeroen Donkers och Alex de Voogt, ”Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  'kiswahili-malawi': {
    sub: 'Bao la Kiswahili med öppningen från Malawi: {nyumba} frön i nyumban.',
    sections: [
      {
        id: 'what',
        title: 'Vad är {variant}?',
        html: `<p>Det här är Bao la Kiswahili med en annan öppning. I Malawi, där spelet också kallas Bawo (namnet på yao), börjar nyumban med {nyumba} frön i stället för {kiswahili.nyumba}, så varje spelare har {hand} frön i handen i stället för {kiswahili.hand}, och namua-skedet blir kortare i motsvarande grad.</p>
<p>På den här sajten är öppningen den enda skillnaden: alla andra regler är de som gäller i Bao la Kiswahili, och de står i sin helhet nedan. Våra källor säger inget mer om hur Bao spelas i Malawi, så sidan beskriver inte andra lokala seder där. Exemplen kommer från partier med den vanliga öppningen; reglerna de visar är desamma.</p>`,
      },
      {
        id: 'board',
        figs: [
          ['mal-start', 'Utgångsläget i Malawi, Syd vid draget: {nyumba} frön i nyumban A5, {beside} i A6 och i A7, {hand} i varje hand.'],
          ['ring-cw', 'Medurs: R från en främre grop (A1R sår i A2, A3, …) och L från en bakre grop (B1L sår i A1, A2, …).'],
          ['ring-acw', 'Moturs: L från en främre grop (A3L sår i A2, A1, …) och R från en bakre grop (B8R sår i A8, A7, …).'],
        ],
      },
      {
        id: 'namua',
        figs: [['mal-a6l', '@swa-a6l'], ['swa-kichwa'], ['swa-kichwa-a5l'], ['swa-kichwa-a5r']],
      },
    ],
    history: `<p>Bao spelas också i Malawi, där det kallas Bawo, och där hålls officiella turneringar. Det äldsta kända Baobrädet, nu på British Museum, kommer från Malawi och är från 1896 eller senare. Källan som nämner Malawiöppningen, med {nyumba} frön i nyumban, berättar inget mer om spelet så som det spelas där.</p>`,
  },

  kimasai: {
    sub: 'Ett maasaispel i två faser: först förs hjordarna in på brädet, sedan börjar boskapsräderna.',
    sections: [
      {
        id: 'what',
        title: 'Vad är {variant}?',
        html: `<p>Bao la Kimasai är ett mankalaspel med fyra rader från maasaiernas boskapsskötare i norra Tanzania, från slätterna kring Kilimanjaro. Orden kommer från boskapsskötseln: groparna är inhägnader (<i>enkang</i>, plural <i>inkang’ite</i>) och pjäserna är kor (<i>engiteng</i>, plural <i>ingishu</i>). Spelet har två faser: först för varje spelare in korna från sin reserv på brädet, sedan börjar boskapsräderna.</p>`,
      },
      {
        id: 'board',
        title: 'Brädet och utgångsläget',
        html: `<p>Fyra rader om åtta gropar och inga förråd. Varje spelare äger en främre rad, mot motståndaren (A1–A8 för Syd, a1–a8 för Nord, räknat från ägarens vänstra sida), och en bakre rad bakom den (B1–B8, b1–b8). Det finns ingen nyumba.</p>
<p>I början står {perPit} ko i var och en av de sexton främre groparna, de bakre raderna är tomma och varje spelare har {hand} kor i reserv, {total} totalt. Syd börjar.</p>
<p>All sådd går <b>medurs</b> runt dina egna sexton gropar: längs den främre raden mot A8, runt hörnet in i den bakre raden, tillbaka längs den mot B1 och upp till A1 igen. Ett drag behöver därför ingen bokstav: det skrivs bara som gropen, t.ex. <code>A3</code> eller <code>b7</code>.</p>`,
        figs: [['ring-cw', 'Medurs, den enda riktningen i Bao la Kimasai: A1 → A8 → B8 → B1 → A1.']],
      },
      {
        id: 'phase1',
        title: 'Fas 1: hjordarna förs in',
        html: `<p>Så länge någon av reserverna fortfarande har kor:</p>
<ul>
<li>Sätt en ko från din reserv i någon av dina gropar med kor, i den främre eller den bakre raden, ta sedan upp alla kor i den gropen och så dem medurs, en per grop.</li>
<li>Hamnar varvets sista ko i en grop som hade kor, tar du upp alla dess kor och sår vidare; hamnar den i en tom grop är draget slut.</li>
<li>Ingenting fångas i den här fasen.</li>
<li>Syds allra första drag tar ingen ko från reserven: Syd tar bara upp kon i en av groparna och sår den.</li>
</ul>`,
        figs: [
          ['mas-start', 'Utgångsläget, Syd vid draget: {perPit} ko i varje främre grop, {hand} i varje reserv. Syd öppnar med A3, utan någon ko från reserven.'],
          ['mas-a3', 'A3: den enda kon sås vidare via A4, A6 och A8 in i den bakre raden, {laps} varv totalt, och stannar i B7, som var tom.'],
        ],
      },
      {
        id: 'phase2',
        title: 'Fas 2: boskapsräder',
        html: `<p>När båda reserverna är tomma tar varje drag upp alla kor i en av dina gropar med kor (en enda ko räcker) och sår dem medurs, med vidaresådd som förut. Slutar ett varv i en av dina främre gropar som hade kor innan den sista kon föll, och har motståndarens grop mitt emot kor, så rövar du dem: du tar alla dess kor och sår dem vidare medurs, den första i själva den rövande gropen. Sedan fortsätter draget där det varvet slutar, efter samma regel: röva igen, ge vidaresådd eller stanna i en tom grop.</p>
<p>Räderna sker av sig själva: det enda du väljer är gropen du börjar i. Kor i en bakre rad kan aldrig rövas.</p>`,
        figs: [
          ['mas-raid', 'Fas 2, Syd vid draget. A8 har {A8} kor och står mot a1, som har {a1}.'],
          ['mas-raid-a7', 'A7: den enda kon hamnar i A8, som hade kor, så Syd rövar a1. Den första av de {capture1} korna sätts i själva A8, nästa i B8, som var tom: draget är slut.'],
        ],
      },
      {
        id: 'end',
        title: 'Spelets slut',
        html: `<ul>
<li>Du vinner om motståndarens främre rad är tom efter ditt drag. En räd som tömmer den avslutar draget direkt; de rövade korna stannar i din reserv.</li>
<li>Tömmer du din egen främre rad med ditt drag förlorar du. Se upp med en sista främre ko i A8: den sås direkt in i den bakre raden.</li>
<li>Det finns ingen remi, och kor räknas aldrig.</li>
<li>Ett drag vars vidaresådd skulle gå runt i all oändlighet är inget tillåtet drag.</li>
</ul>`,
        figs: [
          ['mas-lone', 'Fas 2, Syd vid draget. Syds enda främre ko står i A8.'],
          ['mas-lone-a8', 'A8 förlorar direkt: kon hamnar i B8, vidaresådden fortsätter längs den bakre raden, och Syds främre rad är tom.'],
        ],
      },
    ],
    diff: [
      ['Bräde', kalahBoard, 'Fyra rader om åtta gropar och inga förråd; du äger en främre och en bakre rad.'],
      ['Pjäser', kalahSeeds, '{perPit} ko i varje främre grop och {hand} i varje reserv, {total} totalt.'],
      ['Riktning', 'Moturs runt hela brädet, genom ditt eget förråd men inte motståndarens.', 'Bara medurs, runt dina egna sexton gropar.'],
      ['Faser', 'En.', 'Två: hjordarna kommer in från reserverna (utan fångst), sedan räderna.'],
      ['När ett varv slutar', 'Draget är slut; hamnar det sista fröet i ditt förråd får du göra ett drag till.', 'I en grop med kor fortsätter draget; bara en tom grop avslutar det.'],
      ['Fångst', kalahCapture, 'Av sig själv, i fas två: ett varv som slutar i en främre grop med kor tar korna mitt emot, och de sås vidare från samma grop.'],
      ['Så vinner du', kalahWin, 'Töm motståndarens främre rad. Ingenting räknas.'],
    ],
    history: `<p>Bao la Kimasai är mer en levande tradition än en skriven. Reglerna tecknades ner 2001 av David MacKay, som lärde sig dem av Moinget Ole Kuney, en maasaisk hälsoarbetare vid en klinik nära Kilimanjaro International Airport. Till skillnad från de flesta östafrikanska mankalaspel, som sår moturs, sår det här spelet medurs. Inga regler för datorer har publicerats; sajten följer sin egen noggranna läsning av MacKays beskrivning.</p>`,
    sources: ['David MacKay, beskrivning av Bao la Kimasai så som Moinget Ole Kuney lärde honom spelet, 2001.'],
  },
};
