// Reëlbladsye, Afrikaans. Die projek se eie teks, volgens die projek se reëls (spec/rules.md) en die bronne.
const kalahBoard = 'Twee rye van ses holtes met ’n stoor aan elke kant; jy besit een ry.';
export default {
  kujifunza: {
    sub: 'Bao om mee te leer: die vier-ry-spel sonder sade in die hand en sonder ’n huis.',
    what: `<p>Bao la Kujifunza beteken \u201cBao om mee te leer\u201d. Dis hoe die meeste mense aan die Swahili-kus Bao die eerste keer leer ken, en alles wat die spel besonders maak, is reeds daar: vier rye, saai na links of na regs, aanhou saai en vang wat nie oorgeslaan mag word nie.</p>
<p>Jy speel Suid of Noord. Joune is die twee rye aan jou kant: ’n <b>voorste ry</b> wat na die teenstander kyk en ’n <b>agterste ry</b> daaragter. Sade verlaat jou sestien holtes net wanneer die teenstander hulle vang.</p>`,
    board: `<p>Elke holte begin met twee sade, 64 altesaam. Holtes word na ry en nommer genoem, getel van die eienaar se linkerkant af: Suid het voor A1\u2013A8 en agter B1\u2013B8, Noord a1\u2013a8 en b1\u2013b8. A1 staan teenoor a8, A4 teenoor a5. Die twee buitenste holtes van ’n voorste ry is die <b>kichwa</b> (\u201ckop\u201d); ’n kichwa saam met sy buurholte heet <b>kimbi</b>.</p>`,
    move: `<ol>
<li>Haal al die sade uit een van jou holtes met minstens twee en kies ’n rigting: L (na holte 1) of R (na holte 8). Jou sestien holtes vorm een kring, so die saai loop van die voorste ry na die agterste en verder rond.</li>
<li>Laat val die sade een vir een in die volgende holtes. Dit is een <b>rondte</b>.</li>
<li>Val die laaste saad in ’n leë holte, is jou skuif klaar. Was daar reeds sade, dan <b>saai jy aan</b>: haal daardie holte uit en gaan in dieselfde rigting voort.</li>
<li><b>Vang.</b> As jou eerste rondte kan eindig in ’n bewoonde holte van jou voorste ry met sade oorkant, moet jy so ’n skuif speel (uit ’n holte met 2 tot 15 sade). Jy neem die sade oorkant en saai hulle in jou eie rye vanaf ’n kichwa: ná ’n vangs in ’n kimbi vanaf die naaste kichwa, anders vanaf die kichwa waar jou huidige rigting begin. Elke latere rondte wat net so eindig, vang weer.</li>
<li>As jy nie kan vang nie, speel jy ’n <b>takasa</b> (ook takata): begin in jou voorste ry as ’n holte daar twee of meer sade het; gedurende so ’n skuif word niks gevang nie. Jou laaste bewoonde voorste holte mag jy nie uit ’n kichwa na agter leegmaak nie.</li>
</ol>
<p>Jy wen wanneer jou teenstander se voorste ry leeg is of jou teenstander nie meer kan skuif nie. Gelykop bestaan nie en sade word nooit getel nie.</p>
<p>Hier word ’n skuif as holte plus rigting geskryf, bv. <code>A7L</code>.</p>`,
    diagrams: [
      ['kuj-start', 'Die begin: oral twee sade. Suid speel A7L: die twee sade uit A7 gaan na A6 en A5.'],
      ['kuj-a7l', 'A5 was bewoon en staan teenoor a4, so Suid vang a4 se twee sade. Omdat na links gesaai word, kom hulle in by die regter-kichwa: A8, dan A7, wat leeg was. Die skuif is klaar.'],
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rye van agt holtes, geen store nie; jy besit ’n voorste en ’n agterste ry, 16 holtes.'],
      ['Sade', 'Vier per holte, 48.', 'Twee per holte, 64, almal op die bord.'],
      ['Saai', 'Antikloksgewys om die hele bord, ook in jou stoor.', 'In enige rigting, net om jou eie 16 holtes, uit ’n holte met minstens twee sade.'],
      ['Einde van ’n rondte', 'Die skuif is klaar (’n ekstra beurt as dit in jou stoor eindig).', 'In ’n bewoonde holte word die sade uitgehaal en verder gesaai; net ’n leë holte beëindig die skuif.'],
      ['Vang', 'Opsioneel: laaste saad in ’n leë eie holte neem die sade oorkant na jou stoor.', 'Verpligtend: ’n rondte wat in ’n bewoonde voorste holte teenoor sade eindig, neem hulle, en hulle word vanaf ’n kichwa terug in jou rye gesaai.'],
      ['Wen', 'Die meeste sade in jou stoor.', 'Maak die teenstander se voorste ry leeg of laat hom sonder ’n skuif. Niks word getel nie.'],
    ],
    history: `<p>\u201cBao\u201d is Swahili vir bord of bordspel. Dit word oral in Oos-Afrika gespeel, van Kenia en Tanzanië tot Malawi, Burundi en die Comore, en is veral tuis by die Swahili aan die kus, waar ’n sterk speler as <i>bingwa</i> (meester) vereer word. Klubs soos Chama cha Bao (sedert 1966) en amptelike toernooie in Tanzanië, op Zanzibar, op Lamu en in Malawi hou die spel aan die gang.</p>
<p>Die vroeë geskiedenis is moeilik om na te speur: borde is van hout en laat min spore. ’n Verslag van Étienne de Flacourt uit 1658 oor ’n spel op Madagaskar word soms as die eerste vermelding genoem; die digter Muyaka bin Haji van Mombasa het Bao in die 1820\u2019s besing; en die oudste bewaarde bord, uit Malawi, is van 1896 of later. Bao la Kujifunza is die leervorm van die volle spel, Bao la Kiswahili: sonder sade in die hand en sonder die vierkantige huis, en dit begin dadelik met die mtaji-fase.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, proefskrif, Leiden, 1995: die reëls soos Zanzibar se meesters dit tussen 1991 en 1995 geleer het.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, proefskrif, Maastricht, 2003, bylae \u201cZanzibar Bao rules for the computer\u201d: die presiese lesing wat hierdie webwerf se enjin volg.',
      'Kronenburg, Donkers en De Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  kiswahili: {
    sub: 'Die volle spel, soos die Bao-meesters van Zanzibar dit speel.',
    what: `<p>Bao la Kiswahili, \u201cdie Swahili-mense se Bao\u201d, is die volledige spel en een van die diepste mankalaspele wat bestaan. Die bord is dieselfde as by die beginnerspel, maar die meeste sade begin langs die bord, in jou hand, en een vierkantige holte, die <b>nyumba</b> (huis), het sy eie kragte.</p>
<p>Die spel het twee fases. In die <b>namua</b>-fase begin elke beurt met een saad uit jou hand op die bord. Wanneer albei hande leeg is, volg die <b>mtaji</b>-fase, wat soos Bao la Kujifunza gespeel word.</p>`,
    board: `<p>Vier rye van agt holtes; joune is die voorste ry (A1\u2013A8 vir Suid) en die agterste (B1\u2013B8). Jou nyumba is die vyfde holte van links in jou voorste ry (A5). Aan die begin het elke speler ses sade in die nyumba, twee in elk van die twee holtes regs daarvan (A6, A7) en 22 in die hand.</p>`,
    move: `<p><b>’n Namua-skuif</b> begin deur een saad uit jou hand in ’n bewoonde holte van jou voorste ry te sit.</p>
<ul>
<li>As een van jou bewoonde voorste holtes teenoor ’n bewoonde holte staan, moet jy <b>vang</b>: sit die saad daar, neem die sade oorkant en saai hulle vanaf ’n kichwa in jou rye. Uit A1/A2 kom hulle by A1 in, uit A7/A8 by A8; uit die middelste holtes kies jy self die kichwa (dit is die skuif se L of R). Daarna gaan die skuif voort as ’n vangskuif: ’n rondte wat in ’n bewoonde voorste holte teenoor sade eindig, vang weer, in ’n ander bewoonde holte word aangesaai, in ’n leë holte is die skuif klaar.</li>
<li>Andersins speel jy ’n <b>takasa</b>: sit die saad in ’n voorste holte, haal daardie holte uit en saai in die rigting van jou keuse, en saai aan totdat ’n rondte in ’n leë holte eindig. Niks word gevang nie.</li>
</ul>
<p><b>Die nyumba.</b> Solank dit joune is en ses of meer sade bevat, stop ’n rondte wat daar in die namua-fase eindig: ’n takasa is dan klaar; by ’n vangskuif kies jy tussen stop en op <b>safari</b> gaan, die huis leegmaak en verder saai (geskryf met ’n +, bv. <code>A8R+</code>), waarmee jy die huis verloor. Die huis mag net ’n takasa begin as dit jou laaste bewoonde voorste holte is, en dan word dit <i>belas</i>: net twee sade word gesaai. ’n Huis wat leeggemaak of gevang word, is vir altyd verlore, en die eerste vangs in die mtaji-fase maak ’n einde aan albei huise.</p>
<p><b>Die mtaji-fase</b> word soos Bao la Kujifunza gespeel: begin uit ’n holte met minstens twee sade, vang is verpligtend, en ’n holte met meer as 15 sade begin nooit ’n vangs nie. Een ekstra reël, <b>takasia</b>, kan jou ná jou teenstander se takasa vir een beurt verbied om uit ’n enkele bedreigde holte te speel; die bord merk so ’n holte.</p>
<p>Jy wen deur jou teenstander se voorste ry leeg te maak of hom sonder ’n geldige skuif te laat.</p>`,
    diagrams: [
      ['swa-start', 'Die begin: 6 in die nyumba, 2 + 2 regs daarvan, 22 in die hand. Geen vangs is moontlik nie, so Suid speel ’n takasa, bv. A6L.'],
      ['swa-a6l', 'A6L: een saad uit die hand in A6, waarvan die drie sade na A5, A4 en A3 gaan. A3 was leeg: die skuif is klaar.'],
      ['swa-cap-before', 'Later in die namua-fase: A5 staan teenoor a4, waar ’n saad lê, so Suid moet daar vang.'],
      ['swa-cap-after', 'A5L: die handsaad gaan in A5, die saad van a4 word geneem en kom in by die linker-kichwa A1, wat leeg was: die skuif is klaar.'],
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rye van agt holtes, geen store nie; jou vyfde voorste holte is die vierkantige nyumba.'],
      ['Sade', 'Vier per holte, almal op die bord.', '64 sade; elke speler begin met 10 op die bord en 22 in die hand.'],
      ['Fases', 'Een.', 'Twee: namua solank daar sade in die hand is, dan mtaji.'],
      ['’n Beurt', 'Haal ’n holte uit en saai.', 'In namua eers ’n saad uit die hand in ’n bewoonde voorste holte; dit vang, of word uitgehaal en gesaai.'],
      ['Vang', 'Opsioneel; gevangde sade gaan na jou stoor.', 'Verpligtend; gevangde sade word vanaf ’n kichwa terug in jou rye gesaai en die skuif gaan voort.'],
      ['Spesiale holtes', 'Geen.', 'Die nyumba stop die saai, bied safari aan en word belas; takasia kan ’n bedreigde holte vir een beurt vaspen.'],
      ['Wen', 'Die meeste sade in jou stoor.', 'Maak die teenstander se voorste ry leeg of laat hom sonder ’n skuif.'],
    ],
    history: `<p>\u201cBao\u201d beteken bord in Swahili. Die spel kom oral in Oos-Afrika voor en is die geliefdste aan die Swahili-kus van Tanzanië en Kenia, met amptelike toernooie in Tanzanië, op Zanzibar, op Lamu en in Malawi; die beste spelers dra die titel <i>bingwa</i>. Die vierkantige huis op tradisionele borde maak Bao uitkenbaar tussen die mankalaspele.</p>
<p>Die reëls is mondeling oorgedra, dus verskil plaaslike vorme. Hier geld die reëls wat Alex de Voogt tussen 1991 en 1995 by Zanzibar se meesters geleer en in sy studie oor Bao-meesterskap beskryf het; Jeroen Donkers het hulle later so noukeurig neergeskryf dat ’n rekenaar hulle kan volg, en hierdie webwerf se enjin volg daardie formalisering. Waar die bronne iets oop laat, soos by die takasia-reël, volg die enjin latere kommentators.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, Leiden, 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, Maastricht, 2003 (bylae: Zanzibar Bao rules for the computer, 2001).',
      'Alex de Voogt, notas oor takasia, <i>Abstract Games</i> 7, 2001.',
      'Kronenburg, Donkers en De Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  'kiswahili-malawi': {
    sub: 'Die volle spel met die Malawiese opening.',
    what: `<p>Dit is Bao la Kiswahili met ’n ander beginopstelling, soos algemeen in Malawi gespeel (waar die spel ook Bawo heet): die nyumba begin met <b>agt</b> sade in plaas van ses, sodat elke speler <b>20</b> sade in die hand het. Die namua-fase is twee beurte korter en die huis is aan die begin sterker; al die ander reëls is dié van die volle spel, hieronder beskryf.</p>`,
    board: `<p>Elke speler begin met agt sade in die nyumba (A5), twee in elk van die twee holtes regs daarvan (A6, A7) en 20 in die hand.</p>`,
    diagrams: [
      ['mal-start', 'Die Malawiese opening: 8 in die nyumba, 2 + 2 regs daarvan, 20 in die hand.'],
      ['swa-cap-before', '’n Namua-vangs werk soos in die volle spel: A5 staan teenoor a4, waar ’n saad lê, so Suid moet daar vang.'],
      ['swa-cap-after', 'A5L: die handsaad gaan in A5, die saad van a4 kom in by die linker-kichwa A1, wat leeg was: die skuif is klaar.'],
    ],
  },
  kimasai: {
    sub: '’n Maasai-spel in twee fases: eers na die weiveld, dan veestrooptogte.',
    what: `<p>Bao la Kimasai is ’n vier-ry-mankala van die Maasai-veewagters in Noord-Tanzanië, gespeel op die vlaktes om Kilimanjaro. Die woorde kom uit die veeboerdery: die holtes is krale (<i>enkang</i>, meervoud <i>inkang\u2019ite</i>) en die sade is koeie (<i>engiteng</i>, meervoud <i>ingishu</i>). Eers bring elke speler sy reserwekoeie na die weiveld, dan begin die strooptogte.</p>`,
    board: `<p>Vier rye van agt holtes, geen store nie. Aan die begin staan een koei in elk van die 16 voorste holtes, die agterste rye is leeg en elke speler hou 24 koeie in reserwe. Alles word <b>kloksgewys</b> om jou eie sestien holtes gesaai: langs jou voorste ry na holte 8 en dan terug langs die agterste ry. ’n Skuif is net ’n holte, bv. <code>B4</code>.</p>`,
    move: `<p><b>Fase 1: oppas.</b> Sit een koei uit jou reserwe in enige bewoonde holte van jou (voor of agter), haal dan alles uit daardie holte en saai kloksgewys. Eindig ’n rondte in ’n bewoonde holte, haal jy dit uit en saai aan; in ’n leë holte is die skuif klaar. In hierdie fase word niks gevang nie. Suid se heel eerste skuif gebruik geen reserwekoei nie: dit haal net een van die koeie uit wat reeds staan.</p>
<p><b>Fase 2: strooptogte.</b> Wanneer albei reserwes leeg is, haal jy enige bewoonde holte uit, selfs een met ’n enkele koei, en saai kloksgewys. Eindig ’n rondte in ’n bewoonde holte van jou voorste ry terwyl daar koeie oorkant staan, steel jy hulle: die buit word kloksgewys verder gesaai, die eerste koei in die vangende holte self, en die skuif gaan volgens dieselfde reëls voort. Agterste rye kan nooit geplunder word nie.</p>
<p>Jy wen deur jou teenstander se voorste ry leeg te maak (of wanneer hy nie meer kan skuif nie).</p>`,
    diagrams: [
      ['mas-start', 'Die begin: een koei in elke voorste holte, 24 in elke reserwe. Suid open met A3.'],
      ['mas-a3', 'A3: die koei beland in A4 (bewoon: 2 verder), dan A6 (2 verder), dan A8 (2 verder) in die agterste ry, B8 en B7. B7 was leeg: die skuif is klaar.'],
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rye van agt holtes, geen store nie; jy besit ’n voorste en ’n agterste ry.'],
      ['Sade', 'Vier per holte, almal op die bord.', 'Een koei in elke voorste holte, 24 in elke reserwe, 64 altesaam.'],
      ['Rigting', 'Antikloksgewys om die hele bord.', 'Net kloksgewys, om jou eie 16 holtes.'],
      ['Fases', 'Een.', 'Twee: oppas (reserwekoeie kom in, geen vangs nie), dan strooptogte.'],
      ['Einde van ’n rondte', 'Die skuif is klaar.', '’n Bewoonde holte word uitgehaal en verder gesaai; net ’n leë holte beëindig die skuif.'],
      ['Vang', 'Laaste saad in ’n leë eie holte neem die sade oorkant na jou stoor.', '’n Rondte wat in ’n bewoonde voorste holte eindig, neem die koeie oorkant; hulle word uit dieselfde holte verder gesaai.'],
      ['Wen', 'Die meeste sade in jou stoor.', 'Maak die teenstander se voorste ry leeg.'],
    ],
    history: `<p>Die spel is ’n lewende tradisie eerder as ’n geskrewe een. Die reëls is in 2001 opgeteken deur David MacKay, wat dit geleer het by Moinget Ole Kuney, ’n Maasai-gesondheidswerker by ’n kliniek naby Kilimanjaro Internasionale Lughawe. Anders as die meeste Oos-Afrikaanse mankalas, wat antikloksgewys saai, saai Bao la Kimasai kloksgewys, en die twee fases volg die herder se jaar: die trop uitdryf, dit verdedig en by ander gaan steel. Geen formele rekenaarreëls is gepubliseer nie; hierdie webwerf volg sy eie noukeurige lesing van daardie dokumentasie.</p>`,
    sources: [
      'David MacKay, beskrywing van Bao la Kimasai soos Moinget Ole Kuney dit geleer het, 2001.',
      'Vir die wyer familie van vier-ry-spele: Alex de Voogt, <i>Limits of the Mind</i>, Leiden, 1995.',
    ],
  },
};
