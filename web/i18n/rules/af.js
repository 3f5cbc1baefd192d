// Reëlbladsye, Afrikaans. Die projek se eie teks, volgens die projek se reëls (spec/rules.md) en bronne.
// Die spel se getalle kom as {plekhouers} uit web/rules-data.js; vaste reëlgetalle staan in woorde.
const kalahBoard = 'Twee rye van ses holtes en vir elke speler ’n stoor aan die een kant; jy besit een ry en jou stoor.';
const kalahSeeds = 'Vier in elke holte, 48 altesaam.';
const kalahCapture =
  'Vanself: val jou laaste saad in ’n leë holte in jou eie ry, gaan daardie saad en die sade oorkant na jou stoor.';
const kalahWin = 'Wanneer een speler se holtes leeg is, is die spel verby, en wie die meeste sade in sy stoor het, wen.';

const endOfGame = `<ul>
<li>Jy wen as jou teenstander se voorste ry ná jou skuif leeg is. Maak ’n vangs daardie ry leeg, dan eindig die skuif op die plek: die gevangde sade word nie gesaai nie, maar bly in jou hand.</li>
<li>As jou skuif jou eie voorste ry leegmaak terwyl jou teenstander s’n nog sade het, verloor jy.</li>
<li>As jy nie kan skuif wanneer dit jou beurt is nie, verloor jy.</li>
<li>Daar is geen gelykop nie, en sade word nooit getel nie.</li>
<li>Om verder te saai kan baie selde vir ewig aanhou. ’n Skuif wat terugkom by ’n toestand waarin hy al was, sou nooit eindig nie, en daarom is dit nie ’n geldige skuif nie.</li>
</ul>`;

export default {
  steps: {
    seeds: '{n} sade',
    'seeds.one': '{n} saad',
    'seeds.cows': '{n} koeie',
    'seeds.cows.one': '{n} koei',
    hand: '’n Saad uit die hand gaan in {pit}.',
    'hand.cows': '’n Koei uit die reserwe gaan in {pit}.',
    lift: '{pit}: haal die {what} uit en saai hulle in {pits}.',
    'lift.one': '{pit}: haal die enigste saad uit en saai dit in {pits}.',
    'lift.cows.one': '{pit}: haal die enigste koei uit en saai dit in {pits}.',
    tax: 'Die nyumba {pit} word belas: haal net {what} uit en saai hulle in {pits}.',
    relay: 'Daar was al sade in {pit}: haal al die {what} uit en saai verder in {pits}.',
    'relay.cows': 'Daar was al koeie in {pit}: haal al die {what} uit en saai verder in {pits}.',
    capture: '{own} staan oorkant {pit}: vang sy {what} en saai hulle van {into} af: {pits}.',
    'capture.one': '{own} staan oorkant {pit}: vang sy saad en saai dit in {pits}.',
    'capture.cows': '{own} staan oorkant {pit}: steel sy {what} en saai hulle van {into} af: {pits}.',
    'capture.cows.one': '{own} staan oorkant {pit}: steel sy koei en saai dit in {pits}.',
    captureLast: '{own} staan oorkant {pit}: vang sy {what}.',
    'captureLast.one': '{own} staan oorkant {pit}: vang sy saad.',
    'captureLast.cows': '{own} staan oorkant {pit}: steel sy {what}.',
    safari: 'Safari: haal die {what} uit die nyumba {pit} en saai verder in {pits}.',
    stop: 'Die rondte eindig in die eie nyumba {pit}, wat nie vang nie: daar stop die skuif.',
    takasiaStop: 'Die rondte eindig in {pit}, wat takasia is: daar stop die skuif.',
    end: '{pit} was leeg: die skuif is klaar.',
    win: '{loser} se voorste ry is leeg: {winner} wen.',
    kept: 'Die {what} wat pas gevang is, word nie gesaai nie: hulle bly in {winner} se hand.',
    'kept.one': 'Die saad wat pas gevang is, word nie gesaai nie: dit bly in {winner} se hand.',
    'kept.cows': 'Die {what} wat pas gesteel is, word nie gesaai nie: hulle bly in {winner} se reserwe.',
  },

  kujifunza: {
    sub: 'Bao vir beginners: vier rye, saai in albei rigtings en verpligte vangs, sonder sade in die hand en sonder nyumba.',
    sections: [
      {
        id: 'what',
        title: 'Wat is {variant}?',
        html: `<p>Bao la Kujifunza, “Bao om te leer”, is die eenvoudigste van die twee vorme van Bao wat op Zanzibar en in Tanzanië gespeel word. Twee dele van die volle spel, Bao la Kiswahili, val weg: daar is geen sade in die hand nie en geen nyumba (huis) nie. Wat oorbly, is die kern van Bao: saai in albei rigtings om jou eie sestien holtes, verder saai, en vangste wat jy nie mag weier nie.</p>
<p>Twee spelers, Suid en Noord, sit oorkant mekaar. Suid begin.</p>`,
      },
      {
        id: 'board',
        title: 'Die bord',
        html: `<p>Die bord het vier rye van agt holtes en geen store nie. Elke speler besit die twee rye naaste aan hom: die <b>voorste ry</b>, teenoor die teenstander, en die <b>agterste ry</b> daaragter. Aan die begin lê daar {perPit} sade in elke holte, {total} altesaam.</p>
<p>Die holtes word na ry en nommer genoem, getel van die eienaar se linkerkant af: Suid het voor A1–A8 en agter B1–B8, Noord a1–a8 en b1–b8. A1 is aan Suid se linkerkant en staan oorkant a8; A4 staan oorkant a5.</p>
<p>Die twee buitenste holtes van ’n voorste ry is die <b>vichwa</b> (enkelvoud <b>kichwa</b>, “kop”): A1 is die linker-kichwa, A8 die regter-kichwa. ’n Kichwa saam met die holte langsaan, A1 en A2 of A7 en A8, is ’n <b>kimbi</b>.</p>
<p>Jy saai net in jou eie sestien holtes, en hulle vorm ’n geslote <b>kring</b>: met die voorste ry langs, om die hoek na die agterste ry, daarlangs terug en weer om. Van bo af gesien, met die eienaar onder, loop die kring kloksgewys A1 → A8 → B8 → B1 → A1.</p>
<p>’n Skuif word geskryf as die beginholte en ’n letter, byvoorbeeld <code>A7L</code> (hoofletters is Suid se holtes, kleinletters Noord s’n). <b>L</b> stuur die sade links langs die beginholte se ry, na A1 of B1, en <b>R</b> regs, na A8 of B8, soos jy van jou eie kant af kyk. Daarna loop hulle op dieselfde manier om die kring. Uit die voorste ry loop R dus kloksgewys en L antikloksgewys, uit die agterste ry net andersom:</p>`,
        figs: [
          ['ring-cw', 'Kloksgewys: R uit die voorste ry (A1R saai in A2, A3, …) en L uit die agterste ry (B1L saai in A1, A2, …).'],
          ['ring-acw', 'Antikloksgewys: L uit die voorste ry (A3L saai in A2, A1, …) en R uit die agterste ry (B8R saai in A8, A7, …).'],
        ],
      },
      {
        id: 'move',
        title: 'Hoe ’n skuif werk',
        html: `<ol>
<li>Kies een van jou holtes met minstens twee sade, voor of agter, en ’n rigting. Haal al die sade uit.</li>
<li>Sit hulle een vir een in die holtes wat om die kring volg, te begin by die holte ná dié wat jy leeggemaak het. Om so een handvol te saai, is ’n <b>rondte</b>.</li>
<li>Kyk na die holte waarin die laaste saad geval het. Was dit leeg voor daardie saad, dan is die skuif klaar. Was daar reeds sade in, dan gaan die skuif voort: óf jy vang (sien die volgende afdeling), óf jy <b>saai verder</b>: jy haal al die sade uit daardie holte, die laaste een ingesluit, en saai hulle in dieselfde rigting verder as ’n nuwe rondte. “Met sade” beteken in hierdie reëls altyd: met sade in voordat die rondte se laaste saad geval het.</li>
<li>’n Rondte van sestien sade of meer gaan heeltemal om die kring en sit ook ’n saad in die holte waar dit begin het.</li>
</ol>`,
      },
      {
        id: 'capture',
        title: 'Vang',
        html: `<p>’n <b>Vangskuif</b> begin by ’n holte met twee tot vyftien sade, en sy eerste rondte eindig in ’n holte met sade in jou voorste ry terwyl die holte oorkant, in jou teenstander se voorste ry, ook sade het. <b>As jy ’n vangskuif het, moet jy een speel</b>; het jy meer as een, mag jy enige een kies. ’n Holte met sestien sade of meer begin nooit ’n vangskuif nie.</p>
<p>In ’n vangskuif neem jy, elke keer as ’n rondte so eindig, al die sade uit die holte oorkant en saai hulle in jou eie rye, van een van jou vichwa af. Die eerste gevangde saad gaan in die kichwa self, en die res volg na die middel van die ry:</p>
<ul>
<li>ná ’n vangs in jou linker-kimbi (A1 of A2) kom hulle by A1 in en loop na A8;</li>
<li>ná ’n vangs in jou regter-kimbi (A7 of A8) kom hulle by A8 in en loop na A1;</li>
<li>ná ’n vangs in A3 tot A6 bly die rigting dieselfde: het die rondte met jou voorste ry langs na A8 geloop, kom hulle by A1 in; het dit na A1 geloop, kom hulle by A8 in.</li>
</ul>
<p>Daarna gaan die skuif rondte vir rondte voort: ’n rondte wat eindig in ’n voorste holte met sade oorkant ’n holte met sade, vang weer; ’n rondte wat in enige ander holte met sade eindig, saai verder; en ’n rondte wat in ’n leë holte eindig, maak die skuif klaar.</p>`,
        figs: [
          ['kuj-start', 'Die beginstand, Suid aan die beurt: {perPit} sade in elke holte. Al Suid se skuiwe vang hier; Suid speel A7L.'],
          ['kuj-a7l', 'Die eerste rondte eindig in A5, wat sade gehad het en oorkant a4 staan, dus vang Suid die {capture1} sade van a4. Die rondte het na A1 geloop, dus kom hulle by die regter-kichwa, A8, in en gaan aan na A7, wat leeg was: die skuif is klaar.'],
          ['kuj-chain', '’n Ander spel, Suid aan die beurt. A5 het {A5} sade; A7 staan oorkant a2 en A6 oorkant a3, wat elk {a2} saad het.'],
          ['kuj-chain-a5r', 'A5R eindig sy eerste rondte in A7, in die regter-kimbi, dus kom die saad uit a2 by A8 in en die saai draai om, na A1. A8 saai verder in A7 en A6; A6 staan oorkant a3 en vang weer, en omdat die saai nog na A1 loop, kom ook hierdie saad by A8 in.'],
        ],
      },
      {
        id: 'takasa',
        title: 'Skuiwe sonder vangs: takasa',
        html: `<p>As jy geen vangskuif het nie, speel jy ’n <b>takasa</b> (in sommige bronne takata), ’n skuif wat niks vang nie:</p>
<ul>
<li>Jy moet in jou voorste ry begin as een van jou voorste holtes twee of meer sade het; net as nie een dit het nie, mag jy in die agterste ry begin.</li>
<li>Die skuif saai verder totdat ’n rondte in ’n leë holte eindig. ’n Takasa vang nooit nie, selfs nie as ’n rondte eindig in ’n voorste holte met sade oorkant sade nie: ook daar saai jy verder.</li>
<li>As jou enigste voorste holte met sade ’n kichwa is, mag jy dit nie na buite, na die agterste ry, saai nie (A1 met L, A8 met R), want dan sou jou voorste ry leeg wees.</li>
</ul>`,
        figs: [
          ['kuj-takasa', 'Suid aan die beurt. Geen skuif vang nie en geen voorste holte het twee of meer sade nie, dus moet Suid agter begin, by B4, die enigste holte met twee.'],
          ['kuj-takasa-b4r', 'B4R: R uit die agterste ry loop na B8 en dan die voorste ry in. Elke rondte eindig in ’n holte met sade en saai verder, {laps} rondtes altesaam, selfs in A7, A5, A3 en A1, wat oorkant sade staan: ’n takasa vang nooit nie.'],
          ['kuj-big', '’n Ander spel, Suid aan die beurt. A5 het {A5} sade.'],
          ['kuj-big-a5l', 'A5L: die {lift} sade gaan een keer om die kring, en die laaste een val in A5 self, wat leeg was sedert dit uitgehaal is: die skuif is klaar. So ’n vol holte kan nooit ’n vangskuif begin nie.'],
        ],
      },
      {
        id: 'end',
        title: 'Einde van die spel',
        html: endOfGame,
        figs: [
          ['kuj-win', 'Suid aan die beurt. Noord se voorste ry het net een saad oor, in a6, oorkant A3.'],
          ['kuj-win-a5l', 'A5L eindig sy rondte in A3, oorkant a6 met {capture1} saad. Die vangs maak Noord se voorste ry leeg, dus is die spel dadelik verby: Suid wen, en die gevangde saad bly in Suid se hand.'],
        ],
      },
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rye van agt holtes en geen store nie; jy besit ’n voorste en ’n agterste ry, sestien holtes.'],
      ['Sade', kalahSeeds, '{perPit} in elke holte, {total} altesaam, almal op die bord.'],
      ['Saai', 'Antikloksgewys om die hele bord, deur jou eie stoor maar nie deur jou teenstander s’n nie.', 'In die rigting wat jy kies, net om jou eie sestien holtes, uit ’n holte met minstens twee sade.'],
      ['Wanneer ’n rondte eindig', 'Die skuif is klaar; val die laaste saad in jou stoor, skuif jy weer.', 'In ’n holte met sade gaan die skuif voort (verder saai of vang); net ’n leë holte maak dit klaar.'],
      ['Vang', kalahCapture, 'Verpligtend: as jy kan vang, moet jy. Die gevangde sade word van ’n kichwa af terug in jou eie rye gesaai en die skuif gaan voort.'],
      ['Wen', kalahWin, 'Maak jou teenstander se voorste ry leeg of laat hom sonder ’n skuif. Niks word getel nie.'],
    ],
    history: `<p>“Bao” is die Swahili-woord vir ’n bord en vir ’n bordspel. Bao word in ’n groot deel van Oos-Afrika gespeel, onder meer in Tanzanië, Kenia, Malawi, Burundi en die Comore, en is die gewildste onder die Swahili-mense van Tanzanië en Kenia, waar ’n meester van die spel met die titel <i>bingwa</i> vereer word. Verenigings soos Chama cha Bao, wat in 1966 gestig is, en amptelike toernooie in Tanzanië, op Zanzibar, op Lamu in Kenia en in Malawi hou die spel georganiseer.</p>
<p>Van die vroeë geskiedenis is min bekend, want borde is van hout en laat byna niks vir argeoloë agter nie. ’n Spel op Madagaskar wat Étienne de Flacourt, destyds Franse goewerneur daar, in 1658 beskryf het, word soms as die eerste vermelding genoem, maar navorsers huiwer om dit Bao te noem. In die 1820’s het die digter Muyaka bin Haji van Mombasa die spel in sy gedig <i>Bao Naligwa</i> besing. Die oudste bord wat bewaar gebly het, kom uit Malawi, is in die British Museum en is nie ouer as 1896 nie.</p>
<p>Bao la Kujifunza is die leervorm van Bao la Kiswahili: omdat al die sade van die begin af op die bord lê, is daar geen namua-fase nie, en die hele spel word gespeel soos die volle spel sy tweede fase, die mtaji-fase, speel.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, proefskrif, Leiden, 1995: ’n studie van hoe die Bao-meesters van Zanzibar dink en speel, wat ook die reëls weergee wat hulle hom tussen 1991 en 1995 geleer het.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, proefskrif, Maastricht, 2003, bylae “Zanzibar Bao rules for the computer”: die presiese lesing van daardie reëls wat hierdie webwerf se enjin volg.',
      'Tom Kronenburg, Jeroen Donkers en Alex de Voogt, “Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  kiswahili: {
    sub: 'Die volle spel, soos die Bao-meesters van Zanzibar dit speel.',
    sections: [
      {
        id: 'what',
        title: 'Wat is {variant}?',
        html: `<p>Bao la Kiswahili, “die Bao van die Swahili-mense”, is die volle spel en een van die diepste mankalaspele wat bestaan. Dit word op dieselfde bord as Bao la Kujifunza gespeel, maar die meeste sade begin van die bord af, in die spelers se hande, en een holte, die <b>nyumba</b> (die huis), op ou borde dikwels vierkantig uitgekerf, het eie kragte.</p>
<p>Die spel het twee fases. In die <b>namua</b>-fase begin elke skuif met ’n saad uit die hand. Wanneer albei hande leeg is, volg die <b>mtaji</b>-fase, wat soos Bao la Kujifunza gespeel word, met twee ekstra reëls.</p>`,
      },
      {
        id: 'board',
        title: 'Die bord en die beginstand',
        html: `<p>Vier rye van agt holtes en geen store nie. Elke speler besit twee rye: die <b>voorste ry</b>, teenoor die teenstander, en die <b>agterste ry</b> daaragter. Die holtes word na ry en nommer genoem, getel van die eienaar se linkerkant af: Suid het voor A1–A8 en agter B1–B8, Noord a1–a8 en b1–b8. A1 staan oorkant a8, A2 oorkant a7, ensovoorts.</p>
<p>Die <b>nyumba</b> is die vyfde holte van links in die eienaar se voorste ry: A5 vir Suid, a5 vir Noord. Die twee buitenste holtes van ’n voorste ry is die <b>vichwa</b> (enkelvoud <b>kichwa</b>, “kop”), A1 links en A8 regs; ’n kichwa en die holte langsaan, A1 en A2 of A7 en A8, vorm ’n <b>kimbi</b>.</p>
<p>Aan die begin het elke speler {nyumba} sade in die nyumba, {beside} in elk van die twee holtes regs daarvan (A6 en A7) en {hand} in die hand, {total} sade altesaam. Albei spelers besit hul nyumba. Suid begin.</p>
<p>Jy saai net om jou eie sestien holtes, wat ’n kring vorm: kloksgewys loop dit A1 → A8 → B8 → B1 → A1. ’n Skuif word as holte en letter geskryf: <b>L</b> stuur die sade links langs die beginholte se ry (na A1 of B1) en <b>R</b> regs (na A8 of B8), en die saai gaan op dieselfde manier om die kring. Net by ’n vangs in die namua-fase beteken die letter iets anders: dan noem dit die kichwa waar die gevangde sade inkom (L: A1, R: A8). ’n <code>+</code> ná die skuif beteken safari (sien die nyumba).</p>`,
        figs: [
          ['swa-start', 'Die beginstand, Suid aan die beurt: {nyumba} sade in die nyumba A5, {beside} in A6 en in A7, {hand} in elke hand.'],
          ['ring-cw', 'Kloksgewys: R uit die voorste ry (A1R saai in A2, A3, …) en L uit die agterste ry (B1L saai in A1, A2, …).'],
          ['ring-acw', 'Antikloksgewys: L uit die voorste ry (A3L saai in A2, A1, …) en R uit die agterste ry (B8R saai in A8, A7, …).'],
        ],
      },
      {
        id: 'stages',
        title: 'Twee fases',
        html: `<p><b>Namua.</b> Solank jy sade in die hand het, is elkeen van jou skuiwe ’n namua-skuif (volgende afdeling): dit begin deurdat jy een saad uit jou hand op die bord sit. Die hande raak om die beurt leeg, dus is albei leeg ná {hand} skuiwe van elke speler.</p>
<p><b>Mtaji.</b> Daarna begin elke skuif deur sade uit te haal wat reeds op die bord lê, soos in Bao la Kujifunza.</p>`,
      },
      {
        id: 'namua',
        title: '’n Skuif in die namua-fase',
        html: `<p>Elke namua-skuif begin deurdat jy een saad uit jou hand in ’n holte <b>met sade</b> in jou voorste ry sit: nooit in ’n leë holte nie en nooit in die agterste ry nie. Die skuif word na daardie holte genoem.</p>
<p><b>Vang.</b> As een van jou voorste holtes met sade oorkant ’n holte met sade van jou teenstander staan, moet jy vang: sit die saad in so ’n holte (is daar meer, kies jy), neem al die sade uit die holte oorkant en saai hulle van ’n kichwa af in jou eie rye, die eerste saad in die kichwa self:</p>
<ul>
<li>ná ’n vangs by A1 of A2 kom hulle by A1 in, by A7 of A8 kom hulle by A8 in;</li>
<li>ná ’n vangs by A3 tot A6 kom hulle in by die kichwa wat jy kies, en die skuif se letter sê watter een: L vir A1, R vir A8.</li>
</ul>
<p>Sade wat by A1 inkom, loop na A8, en sade wat by A8 inkom, na A1. Daarna gaan die skuif rondte vir rondte voort: ’n rondte wat eindig in ’n voorste holte met sade oorkant ’n holte met sade, vang weer (by A3 tot A6 nou sonder keuse: die sade kom in by die kichwa wat die saairigting behou, A1 as dit na A8 loop en A8 as dit na A1 loop); ’n rondte wat in enige ander holte met sade eindig, saai verder; en ’n rondte wat in ’n leë holte eindig, maak die skuif klaar. “Met sade” beteken steeds: met sade in voordat die rondte se laaste saad geval het. Die nyumba kan ’n rondte laat stop; sien hieronder.</p>
<p><b>Takasa.</b> As jy nie kan vang nie, speel jy ’n takasa: sit die saad in een van jou voorste holtes met sade, haal al sy sade uit en saai hulle in die rigting wat jy kies, en saai verder totdat ’n rondte in ’n leë holte eindig. ’n Takasa vang nooit nie, selfs nie as ’n rondte oorkant sade eindig nie. Nie elke voorste holte mag ’n takasa begin nie:</p>
<ul>
<li>’n Nyumba wat aan jou behoort en ses of meer sade het, mag ’n takasa net begin as dit jou enigste voorste holte met sade is. Dit word dan <b>belas</b>: nadat die saad uit die hand ingegaan het, haal jy net twee sade uit en saai dié, en die nyumba bly joune.</li>
<li>’n Holte met een enkele saad mag ’n takasa net begin solank jou nyumba nog aan jou behoort, of as geen van die holtes wat jy mag kies twee of meer sade het nie.</li>
<li>As jou enigste voorste holte met sade ’n kichwa is, mag jy dit nie na buite, na die agterste ry, saai nie (A1 met L, A8 met R).</li>
</ul>`,
        figs: [
          ['swa-a6l', 'Aan die begin kan niemand vang nie, dus speel Suid ’n takasa: die saad uit die hand gaan in A6, waarvan die {lift} sade na A5, A4 en A3 gaan. A3 was leeg, dus is die skuif klaar, en Suid het nog {hand.south} sade in die hand.'],
          ['swa-kichwa', 'Namua-fase, Suid aan die beurt. A5 staan oorkant a4 en A6 oorkant a3, waarin sade is, dus moet Suid vang, by A5 of by A6, en kies uit hierdie middelste holtes self die kichwa.'],
          ['swa-kichwa-a5l', 'A5L: die saad uit die hand gaan in A5; a4 het {capture1} saad, wat gevang word en by die linker-kichwa A1 inkom. A1 was leeg, dus is die skuif klaar.'],
          ['swa-kichwa-a5r', 'A5R: dieselfde vangs, maar nou by die regter-kichwa A8 in. In A8 was reeds ’n saad, dus gaan die skuif voort en vang ook die saad van a3.'],
        ],
      },
      {
        id: 'nyumba',
        title: 'Die nyumba',
        html: `<p>Die nyumba het net spesiale kragte solank sy eienaar dit nog <b>besit</b> en daar <b>ses of meer sade</b> in is. Met minder is dit ’n gewone holte, en die kragte kom terug as dit weer tot ses aangevul word terwyl dit nog besit word.</p>
<ul>
<li><b>Stop of safari</b> (net in die namua-fase). As ’n rondte in jou eie nyumba eindig sonder om daar te vang (in ’n vangskuif: die holte oorkant is leeg; ’n takasa vang nooit nie), word daar nie verder gesaai nie. ’n Takasa is daar klaar. In ’n vangskuif kies jy: stop daar, of gaan op <b>safari</b>: haal al sy sade uit en saai in dieselfde rigting verder (geskryf met ’n <code>+</code>, bv. <code>A8R+</code>). Ná ’n safari behoort die nyumba nie meer aan jou nie.</li>
<li><b>Belasting</b> (net in die namua-fase): ’n nyumba wat jou enigste voorste holte met sade is, begin ’n takasa met net twee van sy sade (sien die takasa-reëls hierbo).</li>
<li><b>Om dit te verloor.</b> Jy verloor jou nyumba vir altyd as dit op enige ander manier as deur die belasting leeggemaak word (as beginholte gespeel, verder gesaai, op safari) of as jou teenstander dit vang. Die eerste vangs van die mtaji-fase, deur watter speler ook al, maak ’n einde aan die besit van albei nyumbas.</li>
<li><b>In die mtaji-fase</b> het ’n nyumba in besit geen stop, geen safari en geen belasting nie: ’n rondte wat daar eindig, saai verder soos oral elders, en ’n takasa mag daar begin (dan word dit leeg en is dit verlore). Dit kan steeds nooit takasia word nie (sien hieronder).</li>
</ul>`,
        figs: [
          ['swa-nyumba', 'Namua-fase, Suid aan die beurt. A8 staan oorkant a1, waarin een saad is, en die nyumba A5 het {A5} sade. Suid kan uit A8 vang (A8R) en kry dan die nyumba se keuse.'],
          ['swa-nyumba-a8r', 'A8R: die saad uit a1 kom by A8 in, wat verder saai; die rondte eindig in die nyumba, en a4, oorkant, is leeg. Suid stop daar: die nyumba hou sy {A5} sade en bly Suid s’n.'],
          ['swa-nyumba-a8r-safari', 'A8R+: dieselfde skuif met safari. Die nyumba se {safari} sade word verder gesaai, tot in die agterste ry. Die nyumba is nou leeg en nie meer Suid s’n nie.'],
          ['swa-tax', 'Namua-fase, Suid aan die beurt. Suid se enigste voorste holte met sade is die nyumba, in besit, met {A5} sade, en niemand kan vang nie.'],
          ['swa-tax-a5l', 'A5L: die saad uit die hand gaan in, maar net {lift} sade word uitgehaal: die nyumba word belas. Dit hou {A5} sade en bly Suid s’n, maar met minder as ses het dit geen kragte nie totdat dit weer aangevul word.'],
        ],
      },
      {
        id: 'mtaji',
        title: 'Die mtaji-fase',
        html: `<p>Wanneer albei hande leeg is, word elke skuif gespeel soos in Bao la Kujifunza: haal al die sade uit een van jou holtes met minstens twee en saai hulle in die rigting wat jy kies, en saai verder uit holtes met sade.</p>
<ul>
<li>’n Skuif uit ’n holte met twee tot vyftien sade waarvan die eerste rondte eindig in ’n voorste holte met sade oorkant ’n holte met sade, is ’n vangskuif. As jy een het, moet jy een speel; het jy meer, kies jy.</li>
<li>Gevangde sade kom by ’n kichwa in: ná ’n vangs by A1 of A2 by A1, by A7 of A8 by A8, en by A3 tot A6 by die kichwa wat die saairigting behou (A1 as dit na A8 loop, A8 as dit na A1 loop).</li>
<li>Sonder vangs speel jy ’n takasa: uit die voorste ry as ’n voorste holte twee of meer sade het, sonder om ooit te vang, en nooit jou enigste voorste holte met sade uit ’n kichwa na die agterste ry nie.</li>
<li>’n Holte met sestien sade of meer gaan heeltemal om, sit ’n saad in homself en kan nooit ’n vangskuif begin nie.</li>
</ul>`,
      },
      {
        id: 'takasia',
        title: 'Takasia',
        html: `<p>Takasia beskerm ’n bedreigde holte vir een skuif, en net in die mtaji-fase. Nadat jy in die mtaji-fase ’n takasa gespeel het, en die spel nie verby is nie, kyk na die stand met jou teenstander aan die beurt. As</p>
<ol>
<li>jou teenstander geen vangskuif het nie,</li>
<li>presies een van sy voorste holtes deur die eerste rondte van een van jou vangskuiwe gevang sou kon word, as dit weer jou beurt was,</li>
<li>en daardie holte nie net een saad het nie, nie sy enigste voorste holte met sade is nie, nie sy enigste voorste holte met twee of meer sade is nie en nie ’n nyumba is wat hy nog besit nie,</li>
</ol>
<p>dan is daardie holte <b>takasia</b> vir jou teenstander se volgende skuif: hy mag nie die skuif daar begin nie, en as ’n rondte van sy skuif daarin eindig, stop die skuif daar in plaas daarvan om verder te saai. Om daardeur te saai gaan gewoon. Die merk geld vir daardie een skuif, en die bord wys dit.</p>`,
        figs: [
          ['swa-takasia', 'Mtaji-fase, Suid aan die beurt. Niemand kan vang nie, dus speel Suid ’n takasa: A5R.'],
          ['swa-takasia-a5r', 'Ná A5R het Noord geen vangskuif nie, en a2, met {a2} sade, is die enigste van Noord se voorste holtes wat Suid nou sou kon vang. Dus is a2 takasia vir Noord se volgende skuif (rooi stippelring).'],
        ],
      },
      { id: 'end', title: 'Einde van die spel', html: endOfGame },
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rye van agt holtes en geen store nie; die vyfde holte van links in jou voorste ry is die nyumba.'],
      ['Sade', kalahSeeds, '{total} altesaam; elke speler begin met {onBoard} op die bord, waarvan {nyumba} in die nyumba, en {hand} in die hand.'],
      ['Fases', 'Een.', 'Twee: namua solank jy sade in die hand het, daarna mtaji.'],
      ['’n Skuif', 'Haal die sade uit een van jou holtes en saai hulle.', 'In die namua-fase sit jy eers ’n saad uit jou hand in ’n voorste holte met sade; daardie holte vang dan, of word uitgehaal en gesaai.'],
      ['Vang', kalahCapture, 'Verpligtend: as jy kan vang, moet jy. Die gevangde sade word van ’n kichwa af terug in jou eie rye gesaai en die skuif gaan voort.'],
      ['Spesiale holtes', 'Die store, wat net sade versamel: die saai gaan deur jou eie stoor en slaan jou teenstander s’n oor.', 'Die nyumba: in die namua-fase, solank dit besit word en ses of meer sade het, stop dit ’n rondte (of bied dit safari in ’n vangskuif) en word dit belas as dit jou enigste voorste holte met sade is. Takasia kan in die mtaji-fase ’n bedreigde holte vir een skuif beskerm.'],
      ['Wen', kalahWin, 'Maak jou teenstander se voorste ry leeg of laat hom sonder ’n skuif. Niks word getel nie.'],
    ],
    history: `<p>“Bao” is Swahili vir bord. Die spel word in ’n groot deel van Oos-Afrika gespeel en is die gewildste onder die Swahili-mense van Tanzanië en Kenia; amptelike toernooie word in Tanzanië, op Zanzibar, op Lamu in Kenia en in Malawi gehou, en ’n meester van die spel kry die titel <i>bingwa</i>. Die vierkantige nyumba van baie tradisionele borde onderskei Bao-borde van ander mankalaborde.</p>
<p>Die reëls is mondeling oorgedra, dus verskil plaaslike weergawes. Hierdie webwerf speel die reëls wat Alex de Voogt tussen 1991 en 1995 by die meesters van Zanzibar geleer en in sy studie van meesterskap in Bao opgeteken het. Jeroen Donkers het later dieselfde reëls presies genoeg vir ’n rekenaar neergeskryf, en die webwerf se enjin volg sy formalisering; vir takasia volg dit De Voogt se latere nota oor daardie reël.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, proefskrif, Leiden, 1995: ’n studie van hoe die Bao-meesters van Zanzibar dink en speel, wat ook hul reëls weergee.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, proefskrif, Maastricht, 2003, bylae “Zanzibar Bao rules for the computer” (2001): die formele reëls wat hierdie webwerf se enjin volg.',
      'Alex de Voogt, nota oor die takasia-reël, <i>Abstract Games</i> 7, 2001.',
      'Tom Kronenburg, Jeroen Donkers en Alex de Voogt, “Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  'kiswahili-malawi': {
    sub: 'Bao la Kiswahili met die Malawiese opening: {nyumba} sade in die nyumba.',
    sections: [
      {
        id: 'what',
        title: 'Wat is {variant}?',
        html: `<p>Dit is Bao la Kiswahili met ’n ander opening. In Malawi, waar die spel ook Bawo heet (sy naam in Yao), begin die nyumba met {nyumba} sade in plaas van {kiswahili.nyumba}, dus het elke speler {hand} sade in die hand in plaas van {kiswahili.hand}, en die namua-fase is dienooreenkomstig korter.</p>
<p>Op hierdie webwerf is die opening die enigste verskil: al die ander reëls is dié van Bao la Kiswahili, wat hieronder volledig staan. Ons bronne sê niks meer oor hoe Bao in Malawi gespeel word nie, dus beskryf hierdie bladsy nie ander plaaslike gebruike daar nie. Die voorbeelde kom uit spele met die gewone opening; die reëls wat hulle wys, is dieselfde.</p>`,
      },
      {
        id: 'board',
        figs: [
          ['mal-start', 'Die Malawiese beginstand, Suid aan die beurt: {nyumba} sade in die nyumba A5, {beside} in A6 en in A7, {hand} in elke hand.'],
          ['ring-cw', 'Kloksgewys: R uit die voorste ry (A1R saai in A2, A3, …) en L uit die agterste ry (B1L saai in A1, A2, …).'],
          ['ring-acw', 'Antikloksgewys: L uit die voorste ry (A3L saai in A2, A1, …) en R uit die agterste ry (B8R saai in A8, A7, …).'],
        ],
      },
      {
        id: 'namua',
        figs: [['mal-a6l', '@swa-a6l'], ['swa-kichwa'], ['swa-kichwa-a5l'], ['swa-kichwa-a5r']],
      },
    ],
    history: `<p>Bao word ook in Malawi gespeel, waar dit Bawo heet, en amptelike toernooie word daar gehou. Die oudste bekende Bao-bord, nou in die British Museum, kom uit Malawi en is nie ouer as 1896 nie. Die bron wat die Malawiese opening noem, met {nyumba} sade in die nyumba, vertel verder niks oor die spel soos dit daar gespeel word nie.</p>`,
  },

  kimasai: {
    sub: '’n Maasai-spel in twee fases: eers word die troppe op die bord gebring, dan begin die veestrooptogte.',
    sections: [
      {
        id: 'what',
        title: 'Wat is {variant}?',
        html: `<p>Bao la Kimasai is ’n mankalaspel met vier rye van die Maasai-veewagters van Noord-Tanzanië, van die vlaktes rondom Kilimanjaro. Sy woorde kom uit die veeteelt: die holtes is krale (<i>enkang</i>, meervoud <i>inkang’ite</i>) en die stukke is koeie (<i>engiteng</i>, meervoud <i>ingishu</i>). Die spel het twee fases: eers bring elke speler die koeie uit sy reserwe op die bord, dan begin die veestrooptogte.</p>`,
      },
      {
        id: 'board',
        title: 'Die bord en die beginstand',
        html: `<p>Vier rye van agt holtes en geen store nie. Elke speler besit ’n voorste ry, teenoor die teenstander (A1–A8 vir Suid, a1–a8 vir Noord, getel van die eienaar se linkerkant af), en ’n agterste ry daaragter (B1–B8, b1–b8). Daar is geen nyumba nie.</p>
<p>Aan die begin staan {perPit} koei in elkeen van die sestien voorste holtes, die agterste rye is leeg en elke speler hou {hand} koeie in reserwe, {total} altesaam. Suid begin.</p>
<p>Daar word altyd <b>kloksgewys</b> gesaai, om jou eie sestien holtes: met jou voorste ry langs na A8, om die hoek na die agterste ry, daarlangs terug na B1 en weer op na A1. ’n Skuif het dus geen letter nodig nie: jy skryf net die holte, bv. <code>A3</code> of <code>b7</code>.</p>`,
        figs: [['ring-cw', 'Kloksgewys, die enigste rigting in Bao la Kimasai: A1 → A8 → B8 → B1 → A1.']],
      },
      {
        id: 'phase1',
        title: 'Fase 1: die troppe word ingebring',
        html: `<p>Solank daar nog koeie in een van die reserwes is:</p>
<ul>
<li>Sit een koei uit jou reserwe in enige van jou holtes met koeie, voor of agter, haal dan al die koeie uit daardie holte en saai hulle kloksgewys, een per holte.</li>
<li>Val die laaste koei van ’n rondte in ’n holte waarin koeie was, haal jy al sy koeie uit en saai verder; val dit in ’n leë holte, is die skuif klaar.</li>
<li>In hierdie fase word niks gesteel nie.</li>
<li>Suid se heel eerste skuif gebruik geen koei uit die reserwe nie: Suid haal net die koei uit een van die holtes en saai dit.</li>
</ul>`,
        figs: [
          ['mas-start', 'Die beginstand, Suid aan die beurt: {perPit} koei in elke voorste holte, {hand} in elke reserwe. Suid open met A3, sonder ’n koei uit die reserwe.'],
          ['mas-a3', 'A3: die enkele koei saai verder via A4, A6 en A8 tot in die agterste ry, {laps} rondtes altesaam, en stop in B7, wat leeg was.'],
        ],
      },
      {
        id: 'phase2',
        title: 'Fase 2: veestrooptogte',
        html: `<p>Wanneer albei reserwes leeg is, haal elke skuif al die koeie uit enige van jou holtes met koeie (een koei is genoeg) en saai hulle kloksgewys, en saai verder soos voorheen. As ’n rondte eindig in een van jou voorste holtes waarin koeie was voordat die laaste koei geval het, en daar is koeie in jou teenstander se holte oorkant, steel jy hulle: jy neem al daardie koeie en saai hulle kloksgewys verder, die eerste een in die stelende holte self. Daarna gaan die skuif voort van waar daardie rondte eindig, volgens dieselfde reël: steel weer, saai verder, of stop in ’n leë holte.</p>
<p>Die strooptogte gebeur vanself: jou enigste keuse is die holte waarmee jy begin. Koeie in ’n agterste ry kan nooit gesteel word nie.</p>`,
        figs: [
          ['mas-raid', 'Fase 2, Suid aan die beurt. A8 het {A8} koeie en staan oorkant a1, wat {a1} het.'],
          ['mas-raid-a7', 'A7: die enkele koei val in A8, waarin koeie was, dus steel Suid a1 se koeie. Die eerste van die {capture1} koeie gaan in A8 self, die volgende in B8, wat leeg was: die skuif is klaar.'],
        ],
      },
      {
        id: 'end',
        title: 'Einde van die spel',
        html: `<ul>
<li>Jy wen as jou teenstander se voorste ry ná jou skuif leeg is. ’n Strooptog wat daardie ry leegmaak, beëindig die skuif dadelik; die gesteelde koeie bly in jou reserwe.</li>
<li>As jou skuif jou eie voorste ry leegmaak, verloor jy. Pas op vir ’n laaste voorste koei in A8: dit gaan reguit na die agterste ry.</li>
<li>Daar is geen gelykop nie, en koeie word nooit getel nie.</li>
<li>’n Skuif waarvan die verder saai vir ewig sou aanhou, is nie ’n geldige skuif nie.</li>
</ul>`,
        figs: [
          ['mas-lone', 'Fase 2, Suid aan die beurt. Suid se enigste voorste koei staan in A8.'],
          ['mas-lone-a8', 'A8 verloor dadelik: die koei gaan in B8, die verder saai loop met die agterste ry langs, en Suid se voorste ry is leeg.'],
        ],
      },
    ],
    diff: [
      ['Bord', kalahBoard, 'Vier rye van agt holtes en geen store nie; jy besit ’n voorste en ’n agterste ry.'],
      ['Stukke', kalahSeeds, '{perPit} koei in elke voorste holte en {hand} in elke reserwe, {total} altesaam.'],
      ['Rigting', 'Antikloksgewys om die hele bord, deur jou eie stoor maar nie deur jou teenstander s’n nie.', 'Net kloksgewys, om jou eie sestien holtes.'],
      ['Fases', 'Een.', 'Twee: die troppe kom uit die reserwes in (sonder vangs), dan die strooptogte.'],
      ['Wanneer ’n rondte eindig', 'Die skuif is klaar; val die laaste saad in jou stoor, skuif jy weer.', 'In ’n holte met koeie gaan die skuif voort; net ’n leë holte maak dit klaar.'],
      ['Vang', kalahCapture, 'Vanself, in fase twee: ’n rondte wat in ’n voorste holte met koeie eindig, neem die koeie oorkant, en hulle word uit dieselfde holte verder gesaai.'],
      ['Wen', kalahWin, 'Maak jou teenstander se voorste ry leeg. Niks word getel nie.'],
    ],
    history: `<p>Bao la Kimasai is eerder ’n lewende as ’n geskrewe tradisie. Die reëls is in 2001 opgeteken deur David MacKay, wat hulle geleer het by Moinget Ole Kuney, ’n Maasai-gesondheidswerker by ’n kliniek naby Kilimanjaro Internasionale Lughawe. Anders as die meeste Oos-Afrikaanse mankalaspele, wat antikloksgewys saai, saai hierdie spel kloksgewys. Geen reëls vir die rekenaar is gepubliseer nie; hierdie webwerf volg sy eie sorgvuldige lesing van MacKay se beskrywing.</p>`,
    sources: ['David MacKay, beskrywing van Bao la Kimasai soos Moinget Ole Kuney dit aan hom geleer het, 2001.'],
  },
};
