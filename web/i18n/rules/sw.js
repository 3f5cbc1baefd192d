// Kurasa za sheria, Kiswahili. Maandishi ya mradi huu, kufuatana na sheria za mradi (spec/rules.md) na vyanzo.
// Namba za mchezo zinatoka web/rules-data.js kama {vishika-nafasi}; namba za sheria zimeandikwa kwa maneno.
const kalahBoard = 'Safu mbili za mashimo sita na ghala moja kwa kila mchezaji upande mmoja; unamiliki safu moja na ghala lako.';
const kalahSeeds = 'Nne katika kila shimo, 48 kwa jumla.';
const kalahCapture =
  'Yenyewe: kete yako ya mwisho ikiangukia shimo tupu la safu yako, kete hiyo na zile za upande wa pili zinakwenda ghalani mwako.';
const kalahWin = 'Mashimo ya mchezaji mmoja yakiwa matupu, mchezo unakwisha, na mwenye kete nyingi zaidi ghalani mwake anashinda.';

const endOfGame = `<ul>
<li>Unashinda ikiwa safu ya mbele ya mpinzani wako ni tupu baada ya mwendo wako. Ukamataji ukiiacha tupu, mwendo unakwisha papo hapo: kete zilizokamatwa hazipandwi bali zinabaki mkononi mwako.</li>
<li>Mwendo wako ukiiacha tupu safu yako mwenyewe ya mbele huku ya mpinzani bado ina kete, unashindwa.</li>
<li>Usipoweza kucheza mwendo wowote wakati ni zamu yako, unashindwa.</li>
<li>Hakuna sare, na kete hazihesabiwi kamwe.</li>
<li>Mara chache sana, kuendelea kupanda kunaweza kuzunguka bila mwisho. Mwendo unaorudi katika hali uliyowahi kuwa nayo hautakwisha kamwe, kwa hiyo si mwendo halali.</li>
</ul>`;

export default {
  steps: {
    seeds: 'kete {n}',
    'seeds.one': 'kete {n}',
    'seeds.cows': 'ng’ombe {n}',
    'seeds.cows.one': 'ng’ombe {n}',
    hand: 'Kete moja kutoka mkononi inawekwa katika {pit}.',
    'hand.cows': 'Ng’ombe mmoja kutoka akibani anawekwa katika {pit}.',
    lift: '{pit}: chukua {what} zilizomo na uzipande katika {pits}.',
    'lift.one': '{pit}: chukua {what} iliyomo na uipande katika {pits}.',
    'lift.cows': '{pit}: chukua {what} waliomo na uwapande katika {pits}.',
    'lift.cows.one': '{pit}: chukua {what} aliyemo na umpande katika {pits}.',
    tax: 'Nyumba {pit} inatozwa kodi: chukua {what} tu na uzipande katika {pits}.',
    relay: '{pit} lilikuwa na kete tayari, kwa hiyo unaendelea: chukua {what} za shimo hilo na uzipande katika {pits}.',
    'relay.cows': '{pit} lilikuwa na ng’ombe tayari, kwa hiyo unaendelea: chukua {what} wa shimo hilo na uwapande katika {pits}.',
    capture: '{own} linatazamana na {pit}: kamata {what} za {pit} na uzipande kuanzia {into}: {pits}.',
    'capture.one': '{own} linatazamana na {pit}: kamata {what} ya {pit} na uipande katika {pits}.',
    'capture.cows': '{own} linatazamana na {pit}: {what} wa {pit} wanavamiwa na kupandwa kuanzia {into}: {pits}.',
    'capture.cows.one': '{own} linatazamana na {pit}: {what} wa {pit} anavamiwa na kupandwa katika {pits}.',
    captureLast: '{own} linatazamana na {pit}: kamata {what} za {pit}.',
    'captureLast.one': '{own} linatazamana na {pit}: kamata {what} ya {pit}.',
    'captureLast.cows': '{own} linatazamana na {pit}: {what} wa {pit} wanavamiwa.',
    safari: 'Safari: chukua {what} za nyumba {pit} na uendelee kuzipanda katika {pits}.',
    stop: 'Mzunguko unaishia katika nyumba {pit} inayomilikiwa, bila kukamata: mwendo unasimama hapo.',
    takasiaStop: 'Mzunguko unaishia katika {pit}, ambalo ni takasia: mwendo unasimama hapo.',
    end: '{pit} lilikuwa tupu: mwendo umekwisha.',
    win: 'Safu ya mbele ya {loser} ni tupu: {winner} ameshinda.',
    kept: 'Kete {n} zilizokamatwa hivi punde hazipandwi: zinabaki mkononi mwa {winner}.',
    'kept.one': 'Kete {n} iliyokamatwa hivi punde haipandwi: inabaki mkononi mwa {winner}.',
    'kept.cows': 'Ng’ombe {n} waliovamiwa hivi punde hawapandwi: wanabaki katika akiba ya {winner}.',
  },

  kujifunza: {
    sub: 'Bao la wanaoanza: safu nne, kupanda pande zote mbili na kukamata kwa lazima, bila kete mkononi na bila nyumba.',
    sections: [
      {
        id: 'what',
        title: '{variant} ni nini?',
        html: `<p>Bao la Kujifunza, yaani “Bao la kujifunzia”, ndilo jepesi kati ya aina mbili za Bao zinazochezwa Zanzibar na Tanzania. Linaacha sehemu mbili za mchezo kamili, Bao la Kiswahili: hakuna kete mkononi wala nyumba. Kinachobaki ndicho kiini cha Bao: kupanda upande wowote kuzunguka mashimo yako kumi na sita, kuendelea kupanda, na kukamata, jambo ambalo ni la lazima.</p>
<p>Wachezaji wawili, Kusini na Kaskazini, wanakaa wakitazamana. Kusini anaanza.</p>`,
      },
      {
        id: 'board',
        title: 'Ubao',
        html: `<p>Ubao una safu nne za mashimo manane, bila ghala. Kila mchezaji anamiliki safu mbili zilizo karibu naye: <b>safu ya mbele</b>, inayomtazama mpinzani, na <b>safu ya nyuma</b> iliyo nyuma yake. Mwanzoni kila shimo lina kete {perPit}, jumla kete {total}.</p>
<p>Mashimo yanaitwa kwa herufi ya safu na namba, kuhesabu kutoka kushoto kwa mwenye shimo: Kusini ana A1–A8 mbele na B1–B8 nyuma; Kaskazini ana a1–a8 na b1–b8. A1 liko upande wa kushoto wa Kusini na linatazamana na a8; A4 linatazamana na a5.</p>
<p>Mashimo mawili ya pembeni ya safu ya mbele ni <b>vichwa</b> (umoja: <b>kichwa</b>): A1 ni kichwa cha kushoto, A8 ni cha kulia. Kichwa pamoja na shimo lililo jirani yake, yaani A1 na A2 au A7 na A8, huitwa <b>kimbi</b>.</p>
<p>Unapanda katika mashimo yako kumi na sita tu, nayo yanafanya <b>duara</b> lililofungwa: kando ya safu ya mbele, kuzunguka pembeni kuingia safu ya nyuma, kurudi kando yake na kuzunguka tena. Ukiutazama ubao kutoka juu, mwenye mashimo akiwa chini, duara linakwenda kwa mwelekeo wa saa A1 → A8 → B8 → B1 → A1.</p>
<p>Mwendo unaandikwa kwa shimo la kuanzia na herufi moja, kwa mfano <code>A7L</code> (herufi kubwa ni mashimo ya Kusini, herufi ndogo ni ya Kaskazini). <b>L</b> inapeleka kete kushoto kando ya safu ya shimo la kuanzia, kuelekea A1 au B1, na <b>R</b> inazipeleka kulia, kuelekea A8 au B8, kama unavyoona kutoka upande wako. Baada ya hapo zinaendelea kuzunguka duara kwa namna ileile. Kwa hiyo kutoka safu ya mbele R inakwenda kwa mwelekeo wa saa na L kinyume cha saa, na kutoka safu ya nyuma ni kinyume chake:</p>`,
        figs: [
          ['ring-cw', 'Kwa mwelekeo wa saa: R kutoka shimo la mbele (A1R hupanda katika A2, A3, …) na L kutoka shimo la nyuma (B1L hupanda katika A1, A2, …).'],
          ['ring-acw', 'Kinyume cha saa: L kutoka shimo la mbele (A3L hupanda katika A2, A1, …) na R kutoka shimo la nyuma (B8R hupanda katika A8, A7, …).'],
        ],
      },
      {
        id: 'move',
        title: 'Jinsi mwendo unavyochezwa',
        html: `<ol>
<li>Chagua shimo lako lenye kete mbili au zaidi, la mbele au la nyuma, na mwelekeo. Chukua kete zake zote.</li>
<li>Zipande moja moja katika mashimo yanayofuata kuzunguka duara, ukianza na shimo linalofuata lile ulilolimwaga. Kupanda kiganja kimoja namna hii ni <b>mzunguko</b> mmoja.</li>
<li>Tazama shimo ambamo kete ya mwisho imeangukia. Ikiwa lilikuwa tupu kabla ya kete hiyo, mwendo umekwisha. Ikiwa tayari lilikuwa na kete, mwendo unaendelea: ama unakamata (tazama sehemu inayofuata), ama <b>unaendelea kupanda</b>: unachukua kete zote za shimo hilo, pamoja na ile ya mwisho, na kuzipanda kwa mwelekeo uleule kama mzunguko mpya. Katika sheria hizi “lenye kete” maana yake daima ni: lililokuwa na kete kabla kete ya mwisho ya mzunguko haijaanguka.</li>
<li>Mzunguko wa kete kumi na sita au zaidi unazunguka duara lote na kuweka kete hata katika shimo ulipoanzia.</li>
</ol>`,
      },
      {
        id: 'capture',
        title: 'Kukamata',
        html: `<p><b>Mwendo wa kukamata</b> unaanza katika shimo lenye kete mbili hadi kumi na tano, na mzunguko wake wa kwanza unaishia katika shimo lenye kete la safu yako ya mbele, huku shimo linalotazamana nalo katika safu ya mbele ya mpinzani nalo likiwa na kete. <b>Ukiwa na mwendo wa kukamata, lazima uucheze</b>; ukiwa na zaidi ya mmoja, unaweza kuchagua wowote. Shimo lenye kete kumi na sita au zaidi haliwezi kamwe kuanza mwendo wa kukamata.</p>
<p>Katika mwendo wa kukamata, kila mara mzunguko unapoishia hivyo, unachukua kete zote za shimo linalotazamana nalo na kuzipanda katika safu zako kuanzia mojawapo ya vichwa vyako. Kete ya kwanza iliyokamatwa inaingia katika kichwa chenyewe, na nyingine zinafuata kuelekea katikati ya safu:</p>
<ul>
<li>baada ya kukamata katika kimbi chako cha kushoto (A1 au A2) zinaingia A1 na kuelekea A8;</li>
<li>baada ya kukamata katika kimbi chako cha kulia (A7 au A8) zinaingia A8 na kuelekea A1;</li>
<li>baada ya kukamata katika A3 hadi A6 mwelekeo haubadiliki: kama mzunguko ulikuwa unakwenda kando ya safu yako ya mbele kuelekea A8, zinaingia A1; kama ulikuwa unakwenda kuelekea A1, zinaingia A8.</li>
</ul>
<p>Kisha mwendo unaendelea mzunguko baada ya mzunguko: mzunguko unaoishia katika shimo la mbele lenye kete linalotazamana na shimo lenye kete unakamata tena, mzunguko unaoishia katika shimo jingine lenye kete unaendelea kupanda, na mzunguko unaoishia katika shimo tupu unamaliza mwendo.</p>`,
        figs: [
          ['kuj-start', 'Mwanzo, zamu ya Kusini: kete {perPit} katika kila shimo. Hapa kila mwendo wa Kusini unakamata; Kusini anacheza A7L.'],
          ['kuj-a7l', 'Mzunguko wa kwanza unaishia A5, lililokuwa na kete na linalotazamana na a4, kwa hiyo Kusini anakamata kete {capture1} za a4. Mzunguko ulikuwa unaelekea A1, kwa hiyo zinaingia kupitia kichwa cha kulia, A8, na kuendelea hadi A7, lililokuwa tupu: mwendo umekwisha.'],
          ['kuj-chain', 'Mchezo mwingine, zamu ya Kusini. A5 lina kete {A5}; A7 linatazamana na a2 na A6 na a3, kila moja likiwa na kete {a2}.'],
          ['kuj-chain-a5r', 'Mwendo A5R unamaliza mzunguko wake wa kwanza katika A7, ndani ya kimbi cha kulia, kwa hiyo kete ya a2 inaingia A8 na upandaji unageuka kuelekea A1. A8 linaendelea kupanda katika A7 na A6; A6 linatazamana na a3 na linakamata tena, na kwa kuwa upandaji bado unaelekea A1, kete hii nayo inaingia A8.'],
        ],
      },
      {
        id: 'takasa',
        title: 'Miendo isiyokamata: takasa',
        html: `<p>Usipokuwa na mwendo wa kukamata, unacheza <b>takasa</b> (vyanzo vingine huandika takata), mwendo usiokamata chochote:</p>
<ul>
<li>Lazima uanze katika safu yako ya mbele ikiwa mojawapo ya mashimo yako ya mbele lina kete mbili au zaidi; ni pale tu ambapo hakuna hata moja lenye kete hizo ndipo unaweza kuanza katika safu ya nyuma.</li>
<li>Mwendo unaendelea kupanda hadi mzunguko uishie katika shimo tupu. Takasa haikamati kamwe, hata mzunguko ukiishia katika shimo la mbele lenye kete linalotazamana na kete: hapo pia unaendelea kupanda.</li>
<li>Ikiwa shimo lako pekee la mbele lenye kete ni kichwa, huruhusiwi kulipanda kuelekea nje, katika safu ya nyuma (A1 kwa L, A8 kwa R), kwa sababu safu yako ya mbele ingebaki tupu.</li>
</ul>`,
        figs: [
          ['kuj-takasa', 'Zamu ya Kusini. Hakuna mwendo unaokamata, na hakuna shimo la mbele lenye kete mbili au zaidi, kwa hiyo Kusini lazima aanze nyuma, katika B4, shimo pekee lenye kete mbili.'],
          ['kuj-takasa-b4r', 'B4R: R kutoka safu ya nyuma inaelekea B8 na kisha kuingia safu ya mbele. Kila mzunguko unaishia katika shimo lenye kete na kuendelea, mizunguko {laps} kwa jumla, hata katika A7, A5, A3 na A1, yanayotazamana na kete: takasa haikamati kamwe.'],
          ['kuj-big', 'Mchezo mwingine, zamu ya Kusini. A5 lina kete {A5}.'],
          ['kuj-big-a5l', 'A5L: kete {lift} zinazunguka duara mara moja, na ya mwisho inaangukia A5 lenyewe, lililokuwa tupu tangu lilipomwagwa: mwendo umekwisha. Shimo lililojaa hivi haliwezi kamwe kuanza mwendo wa kukamata.'],
        ],
      },
      {
        id: 'end',
        title: 'Mwisho wa mchezo',
        html: endOfGame,
        figs: [
          ['kuj-win', 'Zamu ya Kusini. Safu ya mbele ya Kaskazini imebaki na kete moja tu, katika a6, linalotazamana na A3.'],
          ['kuj-win-a5l', 'Mwendo A5L unamaliza mzunguko wake katika A3, linalotazamana na a6 lenye kete {capture1}. Ukamataji huo unaiacha tupu safu ya mbele ya Kaskazini, kwa hiyo mchezo unakwisha papo hapo: Kusini ameshinda, na kete iliyokamatwa inabaki mkononi mwa Kusini.'],
        ],
      },
    ],
    diff: [
      ['Ubao', kalahBoard, 'Safu nne za mashimo manane, bila ghala; unamiliki safu ya mbele na ya nyuma, mashimo kumi na sita.'],
      ['Kete', kalahSeeds, 'Kete {perPit} katika kila shimo, {total} kwa jumla, zote ubaoni.'],
      ['Kupanda', 'Kinyume cha saa kuzunguka ubao wote, kupitia ghala lako lakini si la mpinzani.', 'Kwa mwelekeo unaouchagua, katika mashimo yako kumi na sita tu, kutoka shimo lenye kete mbili au zaidi.'],
      ['Mzunguko unapoishia', 'Mwendo umekwisha; kete ya mwisho ikiangukia ghala lako, unacheza tena.', 'Katika shimo lenye kete mwendo unaendelea (kuendelea kupanda au kukamata); shimo tupu tu ndilo linalomaliza mwendo.'],
      ['Kukamata', kalahCapture, 'Ni lazima: ukiweza kukamata, lazima ukamate. Kete zilizokamatwa zinapandwa tena katika safu zako kuanzia kichwa, na mwendo unaendelea.'],
      ['Kushinda', kalahWin, 'Iache tupu safu ya mbele ya mpinzani wako au mwache bila mwendo. Hakuna kuhesabu.'],
    ],
    history: `<p>“Bao” ni neno la Kiswahili lenye maana ya ubao, na pia mchezo wa ubao. Bao linachezwa katika sehemu kubwa ya Afrika Mashariki, miongoni mwa nchi nyingine Tanzania, Kenya, Malawi, Burundi na Komoro, na linapendwa zaidi na Waswahili wa Tanzania na Kenya, ambako mchezaji hodari kabisa huheshimiwa kwa cheo cha <i>bingwa</i>. Vyama kama Chama cha Bao, kilichoanzishwa mwaka 1966, na mashindano rasmi Tanzania, Zanzibar, Lamu nchini Kenya na Malawi vinauendesha mchezo kwa mpangilio.</p>
<p>Historia yake ya mwanzo haijulikani sana, kwa kuwa mbao hutengenezwa kwa mti na haziwaachii wanaakiolojia karibu chochote. Mchezo wa Madagaska ulioelezwa mwaka 1658 na Étienne de Flacourt, aliyekuwa gavana wa Kifaransa huko, wakati mwingine hutajwa kuwa ndio mtajo wa kwanza, lakini wataalamu wanasita kuuita Bao. Katika miaka ya 1820 mshairi Muyaka bin Haji wa Mombasa alilisifu Bao katika shairi lake <i>Bao Naligwa</i>. Ubao wa zamani kabisa uliohifadhiwa unatoka Malawi, uko katika British Museum, na si wa zamani kuliko mwaka 1896.</p>
<p>Bao la Kujifunza ni namna ya kujifunzia ya Bao la Kiswahili: kwa kuwa kete zote ziko ubaoni tangu mwanzo, hakuna hatua ya namua, na mchezo wote unachezwa kama mchezo kamili unavyocheza hatua yake ya pili, hatua ya mtaji.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, tasnifu ya uzamivu, Leiden, 1995: utafiti wa jinsi mabingwa wa Bao wa Zanzibar wanavyofikiri na kucheza, ambao pia unaeleza sheria walizomfundisha kati ya 1991 na 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, tasnifu ya uzamivu, Maastricht, 2003, kiambatisho “Zanzibar Bao rules for the computer”: usomaji kamili wa sheria hizo unaofuatwa na injini ya tovuti hii.',
      'Tom Kronenburg, Jeroen Donkers na Alex de Voogt, “Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  kiswahili: {
    sub: 'Mchezo kamili, kama mabingwa wa Bao wa Zanzibar wanavyolicheza.',
    sections: [
      {
        id: 'what',
        title: '{variant} ni nini?',
        html: `<p>Bao la Kiswahili, yaani “Bao la Waswahili”, ndilo mchezo kamili, na mmojawapo wa michezo ya mancala yenye kina kirefu zaidi. Linachezwa kwenye ubao uleule wa Bao la Kujifunza, lakini kete nyingi zinaanza nje ya ubao, mikononi mwa wachezaji, na shimo moja, <b>nyumba</b>, ambalo katika mbao za jadi mara nyingi huchongwa kwa umbo la mraba, lina nguvu zake maalum.</p>
<p>Mchezo una hatua mbili. Katika hatua ya <b>namua</b> kila mwendo unaanza kwa kete moja kutoka mkononi. Mikono yote miwili ikishakuwa mitupu, inafuata hatua ya <b>mtaji</b>, inayochezwa kama Bao la Kujifunza pamoja na sheria mbili za ziada.</p>`,
      },
      {
        id: 'board',
        title: 'Ubao na mpangilio wa mwanzo',
        html: `<p>Safu nne za mashimo manane, bila ghala. Kila mchezaji anamiliki safu mbili: <b>safu ya mbele</b>, inayomtazama mpinzani, na <b>safu ya nyuma</b> iliyo nyuma yake. Mashimo yanaitwa kwa herufi ya safu na namba, kuhesabu kutoka kushoto kwa mwenye shimo: Kusini ana A1–A8 mbele na B1–B8 nyuma, Kaskazini a1–a8 na b1–b8. A1 linatazamana na a8, A2 na a7, na kadhalika.</p>
<p><b>Nyumba</b> ni shimo la tano la safu ya mbele kutoka kushoto kwa mwenyewe: A5 kwa Kusini, a5 kwa Kaskazini. Mashimo mawili ya pembeni ya safu ya mbele ni <b>vichwa</b> (umoja: <b>kichwa</b>), A1 upande wa kushoto na A8 upande wa kulia; kichwa pamoja na shimo lililo jirani yake, yaani A1 na A2 au A7 na A8, ni <b>kimbi</b>.</p>
<p>Mwanzoni kila mchezaji ana kete {nyumba} katika nyumba, kete {beside} katika kila moja ya mashimo mawili yaliyo kulia kwake (A6 na A7) na kete {hand} mkononi, jumla kete {total}. Wachezaji wote wawili wanamiliki nyumba zao. Kusini anaanza.</p>
<p>Unapanda katika mashimo yako kumi na sita tu, yanayofanya duara: kwa mwelekeo wa saa linakwenda A1 → A8 → B8 → B1 → A1. Mwendo unaandikwa kwa shimo na herufi: <b>L</b> inapeleka kete kushoto kando ya safu ya shimo la kuanzia (kuelekea A1 au B1) na <b>R</b> kulia (kuelekea A8 au B8), na upandaji unaendelea kuzunguka duara kwa namna ileile. Katika ukamataji wa hatua ya namua tu herufi ina maana nyingine: inataja kichwa ambapo kete zilizokamatwa zinaingia (L: A1, R: A8). Alama <code>+</code> baada ya mwendo inamaanisha safari (tazama nyumba).</p>`,
        figs: [
          ['swa-start', 'Mwanzo, zamu ya Kusini: kete {nyumba} katika nyumba A5, kete {beside} katika A6 na katika A7, kete {hand} katika kila mkono.'],
          ['ring-cw', 'Kwa mwelekeo wa saa: R kutoka shimo la mbele (A1R hupanda katika A2, A3, …) na L kutoka shimo la nyuma (B1L hupanda katika A1, A2, …).'],
          ['ring-acw', 'Kinyume cha saa: L kutoka shimo la mbele (A3L hupanda katika A2, A1, …) na R kutoka shimo la nyuma (B8R hupanda katika A8, A7, …).'],
        ],
      },
      {
        id: 'stages',
        title: 'Hatua mbili',
        html: `<p><b>Namua.</b> Maadamu una kete mkononi, kila mwendo wako ni mwendo wa namua (sehemu inayofuata): unaanza kwa kuweka kete moja kutoka mkononi ubaoni. Kete za mkononi zinaisha kwa zamu, kwa hiyo baada ya miendo {hand} ya kila mchezaji mikono yote miwili ni mitupu.</p>
<p><b>Mtaji.</b> Kuanzia hapo kila mwendo unaanza kwa kuchukua kete ambazo tayari ziko ubaoni, kama katika Bao la Kujifunza.</p>`,
      },
      {
        id: 'namua',
        title: 'Mwendo katika hatua ya namua',
        html: `<p>Kila mwendo wa namua unaanza kwa kuweka kete moja kutoka mkononi katika shimo <b>lenye kete</b> la safu yako ya mbele: kamwe si katika shimo tupu, na kamwe si katika safu ya nyuma. Mwendo unaitwa kwa jina la shimo hilo.</p>
<p><b>Kukamata.</b> Ikiwa mojawapo ya mashimo yako ya mbele yenye kete linatazamana na shimo lenye kete la mpinzani, lazima ukamate: weka kete katika shimo kama hilo (yakiwa zaidi ya moja, unachagua), chukua kete zote za shimo linalotazamana nalo na uzipande katika safu zako kuanzia kichwa, kete ya kwanza ikiingia katika kichwa chenyewe:</p>
<ul>
<li>baada ya kukamata kwenye A1 au A2 zinaingia A1; kwenye A7 au A8 zinaingia A8;</li>
<li>baada ya kukamata kwenye A3 hadi A6 zinaingia kupitia kichwa unachokichagua, na herufi ya mwendo inasema ni kipi: L kwa A1, R kwa A8.</li>
</ul>
<p>Kete zinazoingia A1 zinaelekea A8, na zinazoingia A8 zinaelekea A1. Kisha mwendo unaendelea mzunguko baada ya mzunguko: mzunguko unaoishia katika shimo la mbele lenye kete linalotazamana na shimo lenye kete unakamata tena (kwenye A3 hadi A6 sasa bila kuchagua: kete zinaingia kupitia kichwa kinachodumisha mwelekeo wa upandaji, A1 upandaji ukielekea A8 na A8 ukielekea A1), mzunguko unaoishia katika shimo jingine lenye kete unaendelea kupanda, na mzunguko unaoishia katika shimo tupu unamaliza mwendo. “Lenye kete” daima maana yake ni: lililokuwa na kete kabla kete ya mwisho ya mzunguko haijaanguka. Nyumba inaweza kusimamisha mzunguko; tazama hapa chini.</p>
<p><b>Takasa.</b> Usipoweza kukamata, unacheza takasa: weka kete katika mojawapo ya mashimo yako ya mbele yenye kete, chukua kete zake zote na uzipande kwa mwelekeo unaoutaka, ukiendelea kupanda hadi mzunguko uishie katika shimo tupu. Takasa haikamati kamwe, hata mzunguko ukiishia mbele ya kete. Si kila shimo la mbele linaloruhusiwa kuianza:</p>
<ul>
<li>Nyumba unayoimiliki yenye kete sita au zaidi inaweza kuanza takasa ikiwa tu ni shimo lako pekee la mbele lenye kete. Hapo <b>inatozwa kodi</b>: baada ya kete ya mkononi kuingia, unachukua kete mbili tu na kuzipanda, na nyumba inabaki kuwa yako.</li>
<li>Shimo lenye kete moja tu linaweza kuanza takasa maadamu bado unaimiliki nyumba yako, au ikiwa hakuna shimo lenye kete mbili au zaidi kati ya yale unayoruhusiwa kuchagua.</li>
<li>Ikiwa shimo lako pekee la mbele lenye kete ni kichwa, huruhusiwi kulipanda kuelekea nje, katika safu ya nyuma (A1 kwa L, A8 kwa R).</li>
</ul>`,
        figs: [
          ['swa-a6l', 'Mwanzoni hakuna anayeweza kukamata, kwa hiyo Kusini anacheza takasa: kete ya mkononi inaingia A6, ambalo kete zake {lift} zinakwenda A5, A4 na A3. A3 lilikuwa tupu, kwa hiyo mwendo umekwisha, na Kusini amebaki na kete {hand.south} mkononi.'],
          ['swa-kichwa', 'Hatua ya namua, zamu ya Kusini. A5 linatazamana na a4 na A6 na a3, yenye kete, kwa hiyo Kusini lazima akamate, kwenye A5 au kwenye A6, na kutoka mashimo haya ya katikati anachagua kichwa mwenyewe.'],
          ['swa-kichwa-a5l', 'A5L: kete ya mkononi inaingia A5; a4 lina kete {capture1}, ambayo inakamatwa na kuingia kupitia kichwa cha kushoto A1. A1 kilikuwa tupu, kwa hiyo mwendo umekwisha.'],
          ['swa-kichwa-a5r', 'A5R: ukamataji uleule, lakini kupitia kichwa cha kulia A8. A8 tayari kilikuwa na kete, kwa hiyo mwendo unaendelea, na unakamata pia kete ya a3.'],
        ],
      },
      {
        id: 'nyumba',
        title: 'Nyumba',
        html: `<p>Nyumba ina nguvu maalum tu maadamu mwenyewe bado <b>anaimiliki</b> na ina <b>kete sita au zaidi</b>. Ikiwa na chache kuliko hizo ni shimo la kawaida, na nguvu zake zinarudi ikijazwa tena hadi sita wakati bado inamilikiwa.</p>
<ul>
<li><b>Kusimama au safari</b> (katika hatua ya namua tu). Mzunguko ukiishia katika nyumba yako bila kukamata pale (katika mwendo wa kukamata: shimo linalotazamana nayo ni tupu; takasa haikamati kamwe), upandaji hauendelei. Takasa inakwisha pale. Katika mwendo wa kukamata unachagua: kusimama pale, au kwenda <b>safari</b>: kuchukua kete zake zote na kuendelea kupanda kwa mwelekeo uleule (huandikwa kwa <code>+</code>, kwa mfano <code>A8R+</code>). Baada ya safari nyumba si yako tena.</li>
<li><b>Kodi</b> (katika hatua ya namua tu): nyumba iliyo shimo lako pekee la mbele lenye kete huanza takasa kwa kete zake mbili tu (tazama sheria za takasa hapo juu).</li>
<li><b>Kuipoteza.</b> Unaipoteza nyumba yako kabisa inapomwagwa kwa njia yoyote isipokuwa kwa kodi (ikichezwa kama shimo la kuanzia, kete zake zikichukuliwa katika kuendelea kupanda, au kwa safari) au mpinzani wako anapoikamata. Ukamataji wa kwanza katika hatua ya mtaji, wa mchezaji yeyote, unamaliza umiliki wa nyumba zote mbili.</li>
<li><b>Katika hatua ya mtaji</b> nyumba inayomilikiwa haina kusimama, safari wala kodi: mzunguko unaoishia pale unaendelea kupanda kama popote pengine, na takasa inaweza kuanzia pale (hapo inamwagwa, kwa hiyo inapotea). Bado haiwezi kamwe kuwa takasia (tazama hapa chini).</li>
</ul>`,
        figs: [
          ['swa-nyumba', 'Hatua ya namua, zamu ya Kusini. A8 linatazamana na a1 lenye kete moja, na nyumba A5 ina kete {A5}. Kusini anaweza kukamata kutoka A8 (A8R), na hapo anapata chaguo la nyumba.'],
          ['swa-nyumba-a8r', 'A8R: kete ya a1 inaingia A8, nalo linaendelea kupanda; mzunguko unaishia katika nyumba, na a4, linalotazamana nayo, ni tupu. Kusini anasimama pale: nyumba inabaki na kete zake {A5} na inaendelea kuwa ya Kusini.'],
          ['swa-nyumba-a8r-safari', 'A8R+: mwendo uleule kwa safari. Kete {safari} za nyumba zinaendelea kupandwa, hadi safu ya nyuma. Sasa nyumba ni tupu na si ya Kusini tena.'],
          ['swa-tax', 'Hatua ya namua, zamu ya Kusini. Shimo pekee la mbele la Kusini lenye kete ni nyumba, anayoimiliki, yenye kete {A5}, na hakuna kukamata kunakowezekana.'],
          ['swa-tax-a5l', 'A5L: kete ya mkononi inaingia, lakini kete {lift} tu zinachukuliwa: nyumba inatozwa kodi. Inabaki na kete {A5} na inaendelea kuwa ya Kusini, ingawa ikiwa na chini ya sita haina nguvu hadi ijazwe tena.'],
        ],
      },
      {
        id: 'mtaji',
        title: 'Hatua ya mtaji',
        html: `<p>Mikono yote miwili ikiwa mitupu, kila mwendo unachezwa kama katika Bao la Kujifunza: chukua kete zote za shimo lako lolote lenye kete mbili au zaidi na uzipande kwa mwelekeo unaouchagua, ukiendelea kupanda kutoka mashimo yenye kete.</p>
<ul>
<li>Mwendo kutoka shimo lenye kete mbili hadi kumi na tano ambao mzunguko wake wa kwanza unaishia katika shimo la mbele lenye kete linalotazamana na shimo lenye kete ni mwendo wa kukamata. Ukiwa nao, lazima uucheze; ukiwa na zaidi ya mmoja, unachagua.</li>
<li>Kete zilizokamatwa zinaingia kupitia kichwa: baada ya kukamata kwenye A1 au A2 kupitia A1, kwenye A7 au A8 kupitia A8, na kwenye A3 hadi A6 kupitia kichwa kinachodumisha mwelekeo wa upandaji (A1 upandaji ukielekea A8, A8 ukielekea A1).</li>
<li>Bila kukamata unacheza takasa: kutoka safu ya mbele ikiwa shimo lolote la mbele lina kete mbili au zaidi, bila kukamata kamwe, na kamwe bila kupanda shimo lako pekee la mbele lenye kete kutoka kichwa kuingia safu ya nyuma.</li>
<li>Shimo lenye kete kumi na sita au zaidi linazunguka duara lote, linaweka kete ndani yake lenyewe, na haliwezi kamwe kuanza mwendo wa kukamata.</li>
</ul>`,
      },
      {
        id: 'takasia',
        title: 'Takasia',
        html: `<p>Takasia inalinda shimo lililo hatarini kwa mwendo mmoja, katika hatua ya mtaji tu. Baada ya kucheza takasa katika hatua ya mtaji, na mchezo haujakwisha, tazama hali ya ubao ambapo ni zamu ya mpinzani wako. Ikiwa</p>
<ol>
<li>mpinzani wako hana mwendo wa kukamata,</li>
<li>ni shimo moja tu kati ya mashimo yake ya mbele ambalo lingeweza kukamatwa na mzunguko wa kwanza wa mmojawapo ya miendo yako ya kukamata, kama ingekuwa zamu yako tena,</li>
<li>na shimo hilo halina kete moja tu, si shimo lake pekee la mbele lenye kete, si shimo lake pekee la mbele lenye kete mbili au zaidi, na si nyumba ambayo bado anaimiliki,</li>
</ol>
<p>basi shimo hilo ni <b>takasia</b> kwa mwendo unaofuata wa mpinzani wako: hawezi kuanza mwendo wake katika shimo hilo, na mzunguko wa mwendo wake ukiishia humo, mwendo unasimama pale badala ya kuendelea kupanda. Kupanda kupitia shimo hilo ni kama kawaida. Alama hiyo inadumu kwa mwendo huo mmoja tu, na ubao unaionyesha.</p>`,
        figs: [
          ['swa-takasia', 'Hatua ya mtaji, zamu ya Kusini. Hakuna kukamata kunakowezekana, kwa hiyo Kusini anacheza takasa: A5R.'],
          ['swa-takasia-a5r', 'Baada ya A5R, Kaskazini hana mwendo wa kukamata, na a2, lenye kete {a2}, ndilo shimo pekee la mbele la Kaskazini ambalo Kusini sasa angeweza kulikamata. Kwa hiyo a2 ni takasia kwa mwendo unaofuata wa Kaskazini (alama nyekundu ya vistari).'],
        ],
      },
      { id: 'end', title: 'Mwisho wa mchezo', html: endOfGame },
    ],
    diff: [
      ['Ubao', kalahBoard, 'Safu nne za mashimo manane, bila ghala; shimo la tano kutoka kushoto katika safu yako ya mbele ni nyumba.'],
      ['Kete', kalahSeeds, 'Kete {total} kwa jumla; kila mchezaji anaanza na kete {onBoard} ubaoni, {nyumba} kati yake zikiwa katika nyumba, na kete {hand} mkononi.'],
      ['Hatua', 'Moja.', 'Mbili: namua maadamu una kete mkononi, kisha mtaji.'],
      ['Mwendo', 'Chukua kete za mojawapo ya mashimo yako na uzipande.', 'Katika hatua ya namua kwanza unaweka kete moja kutoka mkononi katika shimo la mbele lenye kete; kisha shimo hilo linakamata, au kete zake zinachukuliwa na kupandwa.'],
      ['Kukamata', kalahCapture, 'Ni lazima: ukiweza kukamata, lazima ukamate. Kete zilizokamatwa zinapandwa tena katika safu zako kuanzia kichwa, na mwendo unaendelea.'],
      ['Mashimo maalum', 'Maghala, ambayo hukusanya kete tu: upandaji unapita katika ghala lako na kuliruka la mpinzani.', 'Nyumba: katika hatua ya namua, maadamu inamilikiwa na ina kete sita au zaidi, inasimamisha mzunguko (au inatoa safari katika mwendo wa kukamata) na inatozwa kodi ikiwa ndiyo shimo lako pekee la mbele lenye kete. Takasia inaweza kulinda shimo lililo hatarini kwa mwendo mmoja katika hatua ya mtaji.'],
      ['Kushinda', kalahWin, 'Iache tupu safu ya mbele ya mpinzani wako au mwache bila mwendo. Hakuna kuhesabu.'],
    ],
    history: `<p>“Bao” ni neno la Kiswahili lenye maana ya ubao. Mchezo huu unachezwa katika sehemu kubwa ya Afrika Mashariki na unapendwa zaidi na Waswahili wa Tanzania na Kenya; mashindano rasmi hufanyika Tanzania, Zanzibar, Lamu nchini Kenya na Malawi, na mchezaji hodari kabisa hupewa cheo cha <i>bingwa</i>. Nyumba ya mraba ya mbao nyingi za jadi inazitofautisha mbao za Bao na mbao nyingine za mancala.</p>
<p>Sheria zilirithishwa kwa mdomo, kwa hiyo namna za mahali mbalimbali zinatofautiana. Tovuti hii inacheza sheria ambazo Alex de Voogt alijifunza kwa mabingwa wa Zanzibar kati ya 1991 na 1995 na kuziandika katika utafiti wake juu ya ubingwa wa Bao. Baadaye Jeroen Donkers aliziandika sheria hizohizo kwa usahihi wa kutosha kwa kompyuta, na injini ya tovuti hii inafuata maelezo yake; kwa takasia inafuata maelezo ya baadaye ya de Voogt kuhusu sheria hiyo.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, tasnifu ya uzamivu, Leiden, 1995: utafiti wa jinsi mabingwa wa Bao wa Zanzibar wanavyofikiri na kucheza, ambao pia unaeleza sheria zao.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, tasnifu ya uzamivu, Maastricht, 2003, kiambatisho “Zanzibar Bao rules for the computer” (2001): sheria, zilizoandikwa kwa usahihi, zinazofuatwa na injini ya tovuti hii.',
      'Alex de Voogt, maelezo kuhusu sheria ya takasia, <i>Abstract Games</i> 7, 2001.',
      'Tom Kronenburg, Jeroen Donkers na Alex de Voogt, “Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  'kiswahili-malawi': {
    sub: 'Bao la Kiswahili kwa mwanzo wa Malawi: kete {nyumba} katika nyumba.',
    sections: [
      {
        id: 'what',
        title: '{variant} ni nini?',
        html: `<p>Hili ni Bao la Kiswahili lenye mwanzo tofauti. Huko Malawi, ambako mchezo pia huitwa Bawo (jina lake kwa Kiyao), nyumba inaanza na kete {nyumba} badala ya {kiswahili.nyumba}, kwa hiyo kila mchezaji ana kete {hand} mkononi badala ya {kiswahili.hand}, na hatua ya namua ni fupi zaidi kwa kadiri hiyo.</p>
<p>Katika tovuti hii mwanzo ndio tofauti pekee: sheria nyingine zote ni za Bao la Kiswahili, na zimeelezwa kikamilifu hapa chini. Vyanzo vyetu havisemi zaidi kuhusu jinsi Bao linavyochezwa Malawi, kwa hiyo ukurasa huu hauelezi desturi nyingine za huko. Mifano inatoka katika michezo yenye mwanzo wa kawaida; sheria inazozionyesha ni zilezile.</p>`,
      },
      {
        id: 'board',
        figs: [
          ['mal-start', 'Mwanzo wa Malawi, zamu ya Kusini: kete {nyumba} katika nyumba A5, kete {beside} katika A6 na katika A7, kete {hand} katika kila mkono.'],
          ['ring-cw', 'Kwa mwelekeo wa saa: R kutoka shimo la mbele (A1R hupanda katika A2, A3, …) na L kutoka shimo la nyuma (B1L hupanda katika A1, A2, …).'],
          ['ring-acw', 'Kinyume cha saa: L kutoka shimo la mbele (A3L hupanda katika A2, A1, …) na R kutoka shimo la nyuma (B8R hupanda katika A8, A7, …).'],
        ],
      },
      {
        id: 'namua',
        figs: [['mal-a6l', '@swa-a6l'], ['swa-kichwa'], ['swa-kichwa-a5l'], ['swa-kichwa-a5r']],
      },
    ],
    history: `<p>Bao linachezwa pia Malawi, ambako huitwa Bawo, na mashindano rasmi hufanyika huko. Ubao wa Bao wa zamani kabisa unaojulikana, ambao sasa uko katika British Museum, unatoka Malawi na si wa zamani kuliko mwaka 1896. Chanzo kinachotaja mwanzo wa Malawi, wenye kete {nyumba} katika nyumba, hakielezi zaidi kuhusu mchezo kama unavyochezwa huko.</p>`,
  },

  kimasai: {
    sub: 'Mchezo wa Kimasai wenye awamu mbili: kwanza makundi ya ng’ombe yanaletwa ubaoni, kisha uvamizi wa ng’ombe unaanza.',
    sections: [
      {
        id: 'what',
        title: '{variant} ni nini?',
        html: `<p>Bao la Kimasai ni mchezo wa mancala wa safu nne wa wafugaji wa Kimasai wa kaskazini mwa Tanzania, kutoka nyanda zinazozunguka Mlima Kilimanjaro. Maneno yake yanatoka katika ufugaji: mashimo ni mazizi (<i>enkang</i>, wingi <i>inkang’ite</i>) na vipande ni ng’ombe (<i>engiteng</i>, wingi <i>ingishu</i>). Mchezo una awamu mbili: kwanza kila mchezaji analeta ng’ombe wa akiba yake ubaoni, kisha uvamizi wa ng’ombe unaanza.</p>`,
      },
      {
        id: 'board',
        title: 'Ubao na mpangilio wa mwanzo',
        html: `<p>Safu nne za mashimo manane, bila ghala. Kila mchezaji anamiliki safu ya mbele, inayomtazama mpinzani (A1–A8 kwa Kusini, a1–a8 kwa Kaskazini, kuhesabu kutoka kushoto kwa mwenye shimo), na safu ya nyuma iliyo nyuma yake (B1–B8, b1–b8). Hakuna nyumba.</p>
<p>Mwanzoni ng’ombe {perPit} yupo katika kila moja ya mashimo kumi na sita ya mbele, safu za nyuma ni tupu, na kila mchezaji ana ng’ombe {hand} wa akiba, jumla {total}. Kusini anaanza.</p>
<p>Kupanda kote ni <b>kwa mwelekeo wa saa</b> kuzunguka mashimo yako kumi na sita: kando ya safu ya mbele kuelekea A8, kuzunguka pembeni kuingia safu ya nyuma, kurudi kando yake kuelekea B1 na kupanda tena hadi A1. Kwa hiyo mwendo hauhitaji herufi: unaandikwa kwa shimo tu, kwa mfano <code>A3</code> au <code>b7</code>.</p>`,
        figs: [['ring-cw', 'Kwa mwelekeo wa saa, mwelekeo pekee katika Bao la Kimasai: A1 → A8 → B8 → B1 → A1.']],
      },
      {
        id: 'phase1',
        title: 'Awamu ya 1: makundi yanaletwa ubaoni',
        html: `<p>Maadamu akiba yoyote bado ina ng’ombe:</p>
<ul>
<li>Weka ng’ombe mmoja kutoka akiba yako katika shimo lako lolote lenye ng’ombe, la mbele au la nyuma, kisha chukua ng’ombe wote wa shimo hilo na uwapande kwa mwelekeo wa saa, mmoja katika kila shimo.</li>
<li>Ng’ombe wa mwisho wa mzunguko akiangukia shimo lililokuwa na ng’ombe, chukua ng’ombe wake wote na uendelee kupanda; akiangukia shimo tupu, mwendo umekwisha.</li>
<li>Katika awamu hii hakuna kinachokamatwa.</li>
<li>Mwendo wa kwanza kabisa wa Kusini hautumii ng’ombe wa akiba: Kusini anachukua tu ng’ombe wa mojawapo ya mashimo na kumpanda.</li>
</ul>`,
        figs: [
          ['mas-start', 'Mwanzo, zamu ya Kusini: ng’ombe {perPit} katika kila shimo la mbele, {hand} katika kila akiba. Kusini anaanza na A3, bila ng’ombe wa akiba.'],
          ['mas-a3', 'A3: upandaji unaendelea kupitia A4, A6 na A8 hadi safu ya nyuma, mizunguko {laps} kwa jumla, na unakwisha katika B7, lililokuwa tupu.'],
        ],
      },
      {
        id: 'phase2',
        title: 'Awamu ya 2: uvamizi wa ng’ombe',
        html: `<p>Akiba zote mbili zikiisha, kila mwendo unachukua ng’ombe wote wa shimo lako lolote lenye ng’ombe (hata ng’ombe mmoja anatosha) na kuwapanda kwa mwelekeo wa saa, ukiendelea kupanda kama awali. Mzunguko ukiishia katika mojawapo ya mashimo yako ya mbele lililokuwa na ng’ombe kabla ng’ombe wa mwisho hajaanguka, na shimo la mpinzani linalotazamana nalo lina ng’ombe, unawavamia: unachukua ng’ombe wake wote na kuwapanda kwa mwelekeo wa saa, wa kwanza katika shimo linalovamia lenyewe. Kisha mwendo unaendelea kutoka pale mzunguko huo ulipoishia kwa sheria ileile: kuvamia tena, kuendelea kupanda, au kusimama katika shimo tupu.</p>
<p>Uvamizi unatokea wenyewe: chaguo lako pekee ni shimo unaloanzia. Ng’ombe walio katika safu ya nyuma hawawezi kuvamiwa kamwe.</p>`,
        figs: [
          ['mas-raid', 'Awamu ya 2, zamu ya Kusini. A8 lina ng’ombe {A8} na linatazamana na a1, lenye {a1}.'],
          ['mas-raid-a7', 'A7: ng’ombe wake mmoja anaangukia A8, lililokuwa na ng’ombe, kwa hiyo Kusini anavamia a1. Wa kwanza kati ya ng’ombe {capture1} anaingia A8 lenyewe, anayefuata B8, lililokuwa tupu: mwendo umekwisha.'],
        ],
      },
      {
        id: 'end',
        title: 'Mwisho wa mchezo',
        html: `<ul>
<li>Unashinda ikiwa safu ya mbele ya mpinzani wako ni tupu baada ya mwendo wako. Uvamizi unaoiacha tupu unamaliza mwendo papo hapo; ng’ombe waliovamiwa wanabaki katika akiba yako.</li>
<li>Mwendo wako ukiiacha tupu safu yako mwenyewe ya mbele, unashindwa. Jihadhari na ng’ombe wa mwisho wa mbele katika A8: anapandwa moja kwa moja kuingia safu ya nyuma.</li>
<li>Hakuna sare, na ng’ombe hawahesabiwi kamwe.</li>
<li>Mwendo ambao kuendelea kupanda kwake kungezunguka bila mwisho si mwendo halali.</li>
</ul>`,
        figs: [
          ['mas-lone', 'Awamu ya 2, zamu ya Kusini. Ng’ombe pekee wa mbele wa Kusini yuko A8.'],
          ['mas-lone-a8', 'Kwa A8 Kusini anashindwa papo hapo: ng’ombe anaingia B8, upandaji unaendelea kando ya safu ya nyuma, na safu ya mbele ya Kusini inabaki tupu.'],
        ],
      },
    ],
    diff: [
      ['Ubao', kalahBoard, 'Safu nne za mashimo manane, bila ghala; unamiliki safu ya mbele na ya nyuma.'],
      ['Vipande', kalahSeeds, 'Ng’ombe {perPit} katika kila shimo la mbele na {hand} katika kila akiba, jumla {total}.'],
      ['Mwelekeo', 'Kinyume cha saa kuzunguka ubao wote, kupitia ghala lako lakini si la mpinzani.', 'Kwa mwelekeo wa saa tu, kuzunguka mashimo yako kumi na sita.'],
      ['Awamu', 'Moja.', 'Mbili: makundi yanaingia kutoka akiba (bila kukamata), kisha uvamizi.'],
      ['Mzunguko unapoishia', 'Mwendo umekwisha; kete ya mwisho ikiangukia ghala lako, unacheza tena.', 'Katika shimo lenye ng’ombe mwendo unaendelea; shimo tupu tu ndilo linalomaliza mwendo.'],
      ['Kukamata', kalahCapture, 'Wenyewe, katika awamu ya pili: mzunguko unaoishia katika shimo la mbele lenye ng’ombe unachukua ng’ombe wa upande wa pili, nao wanapandwa kuanzia shimo hilohilo.'],
      ['Kushinda', kalahWin, 'Iache tupu safu ya mbele ya mpinzani wako. Hakuna kuhesabu.'],
    ],
    history: `<p>Bao la Kimasai ni mapokeo hai zaidi kuliko maandishi. Sheria zake ziliandikwa mwaka 2001 na David MacKay, aliyejifunza kutoka kwa Moinget Ole Kuney, mhudumu wa afya Mmasai katika kliniki karibu na Uwanja wa Ndege wa Kimataifa wa Kilimanjaro. Tofauti na michezo mingi ya mancala ya Afrika Mashariki, inayopanda kinyume cha saa, mchezo huu unapanda kwa mwelekeo wa saa. Hakuna sheria za kompyuta zilizochapishwa; tovuti hii inafuata usomaji wake makini wa maelezo ya MacKay.</p>`,
    sources: ['David MacKay, maelezo ya Bao la Kimasai kama Moinget Ole Kuney alivyomfundisha, 2001.'],
  },
};
