// Regelsidor, svenska. Projektets egen text, efter projektets regler (spec/rules.md) och källorna.
const kalahBoard = 'Två rader med sex gropar och ett bo i var ände; du har en rad.';
export default {
  kujifunza: {
    sub: 'Bao för den som lär sig: spelet med fyra rader, utan frön i handen och utan hus.',
    what: `<p>Bao la Kujifunza betyder \u201cBao att lära sig med\u201d. Det är så de flesta på swahilikusten möter Bao första gången, och allt som gör spelet speciellt finns redan med: fyra rader, sådd åt vänster eller höger, vidaresådd och slag som inte får hoppas över.</p>
<p>Du spelar Syd eller Nord. Dina är de två raderna på din sida: en <b>främre rad</b> som vetter mot motståndaren och en <b>bakre rad</b> bakom den. Frön lämnar dina sexton gropar bara när motståndaren slår dem.</p>`,
    board: `<p>Varje grop börjar med två frön, 64 sammanlagt. Groparna heter efter rad och nummer, räknat från ägarens vänstra sida: Syd har A1\u2013A8 fram och B1\u2013B8 bak, Nord a1\u2013a8 och b1\u2013b8. A1 står mot a8, A4 mot a5. Den främre radens två ytterersta gropar är <b>kichwa</b> (\u201chuvud\u201d); en kichwa och dess granne kallas <b>kimbi</b>.</p>`,
    move: `<ol>
<li>Ta alla frön ur en egen grop med minst två och välj riktning: L (mot grop 1) eller R (mot grop 8). Dina sexton gropar bildar en ring, så sådden går från den främre raden in i den bakre och vidare runt.</li>
<li>Lägg fröna ett och ett i groparna som följer. Det är ett <b>varv</b>.</li>
<li>Hamnar sista fröet i en tom grop är draget slut. Låg det redan frön där <b>sår du vidare</b>: ta upp den gropen och fortsätt åt samma håll.</li>
<li><b>Slag.</b> Kan ditt första varv sluta i en grop med frön i din främre rad som står mot frön, måste du spela ett sådant drag (från en grop med 2 till 15 frön). Du tar fröna mitt emot och sår dem i dina egna rader från en kichwa: efter ett slag i en kimbi från den närmaste kichwan, annars från den kichwa där din nuvarande riktning börjar. Varje senare varv som slutar likadant slår igen.</li>
<li>Går det inte att slå spelar du en <b>takasa</b> (även takata): börja i din främre rad om någon grop där har två eller fler frön; under ett sådant drag slås ingenting. Din sista främre grop med frön får du inte tömma från en kichwa bakåt.</li>
</ol>
<p>Du vinner när motståndarens främre rad är tom eller när motståndaren inte kan dra. Oavgjort finns inte och frön räknas aldrig.</p>
<p>Här skrivs ett drag som grop och riktning, t.ex. <code>A7L</code>.</p>`,
    diagrams: [
      ['kuj-start', 'Utgångsläget: två frön överallt. Syd spelar A7L: de två fröna från A7 går till A6 och A5.'],
      ['kuj-a7l', 'A5 hade frön och står mot a4, så Syd slår a4:s två frön. Eftersom sådden går åt vänster kommer de in via högra kichwan: A8 och sedan A7, som var tom. Draget är slut.'],
    ],
    diff: [
      ['Bräde', kalahBoard, 'Fyra rader med åtta gropar och inga bon; du har en främre och en bakre rad, 16 gropar.'],
      ['Frön', 'Fyra per grop, 48.', 'Två per grop, 64, alla på brädet.'],
      ['Sådd', 'Moturs över hela brädet, också i ditt bo.', 'Åt valfritt håll, bara runt dina egna 16 gropar, från en grop med minst två frön.'],
      ['När ett varv slutar', 'Draget är slut (ett extra drag om det slutar i ditt bo).', 'I en grop med frön tas de upp och sås vidare; bara en tom grop avslutar draget.'],
      ['Slag', 'Frivilligt: sista fröet i en tom egen grop tar fröna mitt emot till ditt bo.', 'Tvingande: ett varv som slutar i en främre grop med frön mot frön tar dem, och de sås tillbaka i dina rader från en kichwa.'],
      ['Vinst', 'Flest frön i ditt bo.', 'Töm motståndarens främre rad eller lämna motståndaren utan drag. Inget räknas.'],
    ],
    history: `<p>\u201cBao\u201d är swahili för bräde eller brädspel. Det spelas i hela Östafrika, från Kenya och Tanzania till Malawi, Burundi och Komorerna, och hör mest hemma bland swahilifolket vid kusten, där en stark spelare hedras som <i>bingwa</i>, mästare. Klubbar som Chama cha Bao (sedan 1966) och officiella turneringar i Tanzania, på Zanzibar, på Lamu och i Malawi håller spelet vid liv.</p>
<p>Den tidiga historien är svår att följa: brädena är av trä och lämnar få spår. En skildring av Étienne de Flacourt från 1658 om ett spel på Madagaskar nämns ibland som första belägget; poeten Muyaka bin Haji från Mombasa besjöng Bao på 1820-talet; och det äldsta bevarade brädet, från Malawi, är från 1896 eller senare. Bao la Kujifunza är inlärningsformen av hela spelet, Bao la Kiswahili: utan frön i handen och utan fyrkantigt hus, och det börjar direkt med mtaji-skedet.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, doktorsavhandling, Leiden, 1995: reglerna som Zanzibars mästare lärde ut mellan 1991 och 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, doktorsavhandling, Maastricht, 2003, bilagan \u201cZanzibar Bao rules for the computer\u201d: den exakta läsning som webbplatsens motor följer.',
      'Kronenburg, Donkers och de Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  kiswahili: {
    sub: 'Hela spelet, så som Baomästarna på Zanzibar spelar det.',
    what: `<p>Bao la Kiswahili, \u201cswahilifolkets Bao\u201d, är det kompletta spelet och ett av de djupaste mankalaspelen som finns. Brädet är detsamma som i nybörjarspelet, men de flesta frön börjar utanför brädet, i handen, och en fyrkantig grop, <b>nyumba</b> (huset), har egna krafter.</p>
<p>Spelet har två skeden. I <b>namua</b>-skedet börjar varje drag med att ett frö från handen läggs på brädet. När båda händerna är tomma följer <b>mtaji</b>-skedet, som spelas som Bao la Kujifunza.</p>`,
    board: `<p>Fyra rader med åtta gropar; din är den främre raden (A1\u2013A8 för Syd) och den bakre (B1\u2013B8). Din nyumba är den femte gropen från vänster i din främre rad (A5). Vid start har varje spelare sex frön i nyumba, två i var och en av de två groparna till höger om den (A6, A7) och 22 i handen.</p>`,
    move: `<p><b>Ett namua-drag</b> börjar med att du lägger ett frö från handen i en främre grop som har frön.</p>
<ul>
<li>Står någon av dina främre gropar med frön mot en grop med frön måste du <b>slå</b>: lägg fröet där, ta fröna mitt emot och så dem i dina rader från en kichwa. Från A1/A2 kommer de in vid A1, från A7/A8 vid A8; från mittgroparna väljer du kichwa själv (det är dragets L eller R). Sedan fortsätter draget som ett slagdrag: ett varv som slutar i en främre grop med frön mot frön slår igen, i en annan grop med frön sås vidare, i en tom grop är draget slut.</li>
<li>Annars spelar du en <b>takasa</b>: lägg fröet i en främre grop, ta upp den och så åt valfritt håll, med vidaresådd tills ett varv slutar i en tom grop. Ingenting slås.</li>
</ul>
<p><b>Nyumba.</b> Så länge den är din och har sex eller fler frön stannar ett varv som slutar där i namua-skedet: en takasa är då slut; i ett slagdrag väljer du mellan att stanna och att gå på <b>safari</b>, tömma huset och så vidare (skrivs med +, t.ex. <code>A8R+</code>), varvid du förlorar huset. Huset får bara börja en takasa när det är din sista främre grop med frön, och då <i>beskattas</i> det: bara två frön sås. Ett hus som töms eller slås är förlorat för gott, och det första slaget i mtaji-skedet gör slut på båda husen.</p>
<p><b>Mtaji-skedet</b> spelas som Bao la Kujifunza: börja från en grop med minst två frön, slag är tvingande, och en grop med fler än 15 frön inleder aldrig ett slag. En extra regel, <b>takasia</b>, kan efter motståndarens takasa förbjuda dig att under ett drag spela från en enda hotad grop; brädet markerar en sådan grop.</p>
<p>Du vinner genom att tömma motståndarens främre rad eller lämna motståndaren utan lagligt drag.</p>`,
    diagrams: [
      ['swa-start', 'Utgångsläget: 6 i nyumba, 2 + 2 till höger, 22 i handen. Inget slag är möjligt, så Syd spelar en takasa, t.ex. A6L.'],
      ['swa-a6l', 'A6L: ett frö från handen i A6, vars tre frön går till A5, A4 och A3. A3 var tom: draget är slut.'],
      ['swa-cap-before', 'Senare i namua-skedet: A5 står mot a4, där det ligger ett frö, så Syd måste slå där.'],
      ['swa-cap-after', 'A5L: handfröet hamnar i A5, fröet i a4 tas och kommer in via vänstra kichwan A1, som var tom: draget är slut.'],
    ],
    diff: [
      ['Bräde', kalahBoard, 'Fyra rader med åtta gropar, inga bon; din femte främre grop är den fyrkantiga nyumba.'],
      ['Frön', 'Fyra per grop, alla på brädet.', '64 frön; varje spelare börjar med 10 på brädet och 22 i handen.'],
      ['Skeden', 'Ett.', 'Två: namua så länge det finns frön i handen, sedan mtaji.'],
      ['Ett drag', 'Ta upp en grop och så.', 'I namua först ett frö från handen i en främre grop med frön; den slår, eller tas upp och sås.'],
      ['Slag', 'Frivilligt; slagna frön går till ditt bo.', 'Tvingande; slagna frön sås tillbaka i dina rader från en kichwa och draget fortsätter.'],
      ['Särskilda gropar', 'Inga.', 'Nyumba stoppar sådden, erbjuder safari och beskattas; takasia kan låsa en hotad grop ett drag.'],
      ['Vinst', 'Flest frön i ditt bo.', 'Töm motståndarens främre rad eller lämna motståndaren utan drag.'],
    ],
    history: `<p>\u201cBao\u201d betyder bräde på swahili. Spelet finns i hela Östafrika och är mest älskat på swahilikusten i Tanzania och Kenya, med officiella turneringar i Tanzania, på Zanzibar, på Lamu och i Malawi; de bästa spelarna bär titeln <i>bingwa</i>. Det fyrkantiga huset på traditionella bräden är ett kännetecken för Bao bland mankalaspelen.</p>
<p>Reglerna fördes vidare muntligt, så lokala former skiljer sig åt. Här gäller de regler som Alex de Voogt lärde sig av Zanzibars mästare mellan 1991 och 1995 och beskrev i sin studie av mästerskap i Bao; Jeroen Donkers skrev senare ned dem så noga att en dator kan följa dem, och webbplatsens motor följer den formaliseringen. Där källorna lämnar något öppet, som takasia-regeln, följer motorn senare kommentatorer.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, Leiden, 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, Maastricht, 2003 (bilaga: Zanzibar Bao rules for the computer, 2001).',
      'Alex de Voogt, anteckningar om takasia, <i>Abstract Games</i> 7, 2001.',
      'Kronenburg, Donkers och de Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  'kiswahili-malawi': {
    sub: 'Hela spelet med öppningen från Malawi.',
    what: `<p>Det här är Bao la Kiswahili med en annan utgångsställning, den som är vanlig i Malawi (där spelet också kallas Bawo): nyumba börjar med <b>åtta</b> frön i stället för sex, så att varje spelare har <b>20</b> frön i handen. Namua-skedet blir två drag kortare och huset är starkare i början; alla andra regler är hela spelets, beskrivna nedan.</p>`,
    board: `<p>Varje spelare börjar med åtta frön i nyumba (A5), två i var och en av de två groparna till höger (A6, A7) och 20 i handen.</p>`,
    diagrams: [
      ['mal-start', 'Öppningen från Malawi: 8 i nyumba, 2 + 2 till höger, 20 i handen.'],
      ['swa-cap-before', 'Ett namua-slag fungerar som i hela spelet: A5 står mot a4, där det ligger ett frö, så Syd måste slå där.'],
      ['swa-cap-after', 'A5L: handfröet hamnar i A5, fröet från a4 kommer in via vänstra kichwan A1, som var tom: draget är slut.'],
    ],
  },
  kimasai: {
    sub: 'Ett maasaispel i två faser: först ut på bete, sedan boskapsräder.',
    what: `<p>Bao la Kimasai är en mankala med fyra rader som spelas av maasaiernas boskapsherdar i norra Tanzania, på slätterna kring Kilimanjaro. Orden kommer från boskapsskötseln: groparna är fållor (<i>enkang</i>, plural <i>inkang\u2019ite</i>) och fröna är kor (<i>engiteng</i>, plural <i>ingishu</i>). Först driver varje spelare ut sina reservkor på bete, sedan börjar räderna.</p>`,
    board: `<p>Fyra rader med åtta gropar, inga bon. Vid start står en ko i var och en av de 16 främre groparna, de bakre raderna är tomma och varje spelare har 24 kor i reserv. Allt sås <b>medurs</b> runt dina egna sexton gropar: längs den främre raden mot grop 8 och sedan tillbaka längs den bakre. Ett drag är bara en grop, t.ex. <code>B4</code>.</p>`,
    move: `<p><b>Fas 1: vallning.</b> Lägg en ko från reserven i en egen grop med kor (fram eller bak), ta sedan upp allt i den gropen och så medurs. Slutar ett varv i en grop med kor tar du upp den och sår vidare; i en tom grop är draget slut. I den här fasen slås ingenting. Syds allra första drag tar ingen ko ur reserven: det tar bara upp en av korna som redan står där.</p>
<p><b>Fas 2: räder.</b> När båda reserverna är tomma tar du upp en grop med kor, även om den bara har en, och sår medurs. Slutar ett varv i en grop med kor i din främre rad medan det står kor mitt emot, rövar du dem: bytet sås vidare medurs, den första kon i den rövande gropen själv, och draget fortsätter enligt samma regler. Bakre rader kan aldrig plundras.</p>
<p>Du vinner genom att tömma motståndarens främre rad (eller när motståndaren inte kan dra).</p>`,
    diagrams: [
      ['mas-start', 'Utgångsläget: en ko i varje främre grop, 24 i varje reserv. Syd öppnar med A3.'],
      ['mas-a3', 'A3: kon hamnar i A4 (kor där: 2 vidare), sedan A6 (2 vidare), sedan A8 (2 vidare) in i den bakre raden, B8 och B7. B7 var tom: draget är slut.'],
    ],
    diff: [
      ['Bräde', kalahBoard, 'Fyra rader med åtta gropar, inga bon; du har en främre och en bakre rad.'],
      ['Frön', 'Fyra per grop, alla på brädet.', 'En ko i varje främre grop, 24 i varje reserv, 64 totalt.'],
      ['Riktning', 'Moturs över hela brädet.', 'Bara medurs, runt dina egna 16 gropar.'],
      ['Faser', 'En.', 'Två: vallning (reservkor kommer in, inga slag), sedan räder.'],
      ['När ett varv slutar', 'Draget är slut.', 'En grop med kor tas upp och sås vidare; bara en tom grop avslutar draget.'],
      ['Slag', 'Sista fröet i en tom egen grop tar fröna mitt emot till ditt bo.', 'Ett varv som slutar i en främre grop med kor tar korna mitt emot; de sås vidare från samma grop.'],
      ['Vinst', 'Flest frön i ditt bo.', 'Töm motståndarens främre rad.'],
    ],
    history: `<p>Spelet är en levande tradition snarare än en skriven. Reglerna tecknades ned 2001 av David MacKay, som lärde sig dem av Moinget Ole Kuney, en maasaisk hälsoarbetare vid en klinik nära Kilimanjaro International Airport. Till skillnad från de flesta östafrikanska mankalor, som sår moturs, sår Bao la Kimasai medurs, och de två faserna speglar herdens år: driva ut hjorden, försvara den och göra räder hos andra. Inga formella datorregler har publicerats; webbplatsen följer sin egen noggranna läsning av den dokumentationen.</p>`,
    sources: [
      'David MacKay, beskrivning av Bao la Kimasai såsom Moinget Ole Kuney lärde ut det, 2001.',
      'För den större familjen av spel med fyra rader: Alex de Voogt, <i>Limits of the Mind</i>, Leiden, 1995.',
    ],
  },
};
