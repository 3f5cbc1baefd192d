// Kurasa za sheria, Kiswahili. Maandishi ya mradi huu, kufuatana na sheria za mradi (spec/rules.md) na vyanzo.
const kalahBoard = 'Safu mbili za mashimo sita na ghala kila upande; unamiliki safu moja.';
export default {
  kujifunza: {
    sub: 'Bao la kujifunzia: mchezo wa safu nne bila kete mkononi na bila nyumba.',
    what: `<p>Bao la Kujifunza ndilo Bao ambalo watu wengi wa pwani ya Afrika Mashariki hujifunza kwanza, na lina yote yanayolifanya Bao kuwa la pekee: safu nne, kupanda kushoto au kulia, kuendelea kupanda, na kukamata ambako hakuwezi kuachwa.</p>
<p>Unacheza Kusini au Kaskazini. Safu mbili zilizo upande wako ni zako: <b>safu ya mbele</b> inayomtazama mpinzani na <b>safu ya nyuma</b> nyuma yake. Kete haziondoki katika mashimo yako kumi na sita isipokuwa mpinzani anapozikamata.</p>`,
    board: `<p>Kila shimo linaanza na kete mbili, jumla 64. Mashimo yanaitwa kwa safu na namba, kuhesabu kutoka kushoto kwa mwenye shimo: Kusini ana A1\u2013A8 mbele na B1\u2013B8 nyuma, Kaskazini a1\u2013a8 na b1\u2013b8. A1 linatazamana na a8, A4 na a5. Mashimo mawili ya pembeni ya safu ya mbele ni <b>kichwa</b>; kichwa pamoja na jirani yake huitwa <b>kimbi</b>.</p>`,
    move: `<ol>
<li>Chukua kete zote za shimo lako lenye kete mbili au zaidi, na uchague mwelekeo: L (kuelekea shimo 1) au R (kuelekea shimo 8). Mashimo yako kumi na sita ni mzunguko mmoja: upandaji unatoka safu ya mbele kuingia ya nyuma na kuendelea kuzunguka.</li>
<li>Weka kete moja moja katika mashimo yanayofuata. Huo ni <b>mzunguko</b> mmoja.</li>
<li>Kete ya mwisho ikiangukia shimo tupu, mchezo wako umekwisha. Ikiangukia shimo lenye kete, <b>unaendelea</b>: chukua kete za shimo hilo na uendelee kupanda upande uleule.</li>
<li><b>Kukamata.</b> Ikiwa mzunguko wako wa kwanza unaweza kuishia katika shimo lenye kete la safu yako ya mbele linalotazamana na shimo lenye kete, lazima ucheze mchezo kama huo (kutoka shimo lenye kete 2 hadi 15). Unachukua kete za upande wa pili na kuzipanda katika safu zako kuanzia kichwa: baada ya kukamata katika kimbi, kuanzia kichwa kilicho karibu, vinginevyo kuanzia kichwa ambacho mwelekeo wako wa sasa unaanzia. Kila mzunguko unaofuata unaoishia hivyo unakamata tena.</li>
<li>Usipoweza kukamata unacheza <b>takasa</b> (pia takata): anza katika safu ya mbele ikiwa kuna shimo lenye kete mbili au zaidi pale; katika mchezo huo hakuna kinachokamatwa. Shimo lako la mwisho lenye kete katika safu ya mbele haliwezi kumwagwa kutoka kichwa kuelekea nyuma.</li>
</ol>
<p>Unashinda safu ya mbele ya mpinzani ikibaki tupu, au asipokuwa na mchezo halali. Hakuna sare na kete hazihesabiwi kamwe.</p>
<p>Hapa mchezo unaandikwa kwa shimo na mwelekeo, kwa mfano <code>A7L</code>.</p>`,
    diagrams: [
      ['kuj-start', 'Mwanzo: kete mbili kila mahali. Kusini anacheza A7L: kete mbili za A7 zinaenda A6 na A5.'],
      ['kuj-a7l', 'A5 lilikuwa na kete na linatazamana na a4, kwa hiyo Kusini anakamata kete mbili za a4. Kwa kuwa upandaji unaelekea kushoto, zinaingia kupitia kichwa cha kulia: A8, kisha A7 lililokuwa tupu. Mchezo umekwisha.'],
    ],
    diff: [
      ['Ubao', kalahBoard, 'Safu nne za mashimo manane, bila ghala; unamiliki safu ya mbele na ya nyuma, mashimo 16.'],
      ['Kete', 'Nne kila shimo, 48.', 'Mbili kila shimo, 64, zote ubaoni.'],
      ['Kupanda', 'Kinyume cha saa kuzunguka ubao wote, hata ghalani.', 'Upande wowote, katika mashimo yako 16 tu, kutoka shimo lenye kete mbili au zaidi.'],
      ['Mzunguko unapoishia', 'Mchezo umekwisha (zamu ya ziada ukiishia ghalani).', 'Katika shimo lenye kete, kete zinachukuliwa na kupandwa tena; shimo tupu tu linamaliza mchezo.'],
      ['Kukamata', 'Si lazima: kete ya mwisho katika shimo lako tupu inachukua kete za upande wa pili kwenda ghalani.', 'Lazima: mzunguko unaoishia katika shimo la mbele lenye kete mbele ya kete unazichukua, nazo zinapandwa katika safu zako kuanzia kichwa.'],
      ['Kushinda', 'Kete nyingi zaidi ghalani.', 'Acha safu ya mbele ya mpinzani tupu, au mwache bila mchezo. Hakuna kuhesabu.'],
    ],
    history: `<p>\u201cBao\u201d ni neno la Kiswahili lenye maana ya ubao au mchezo wa ubao. Linachezwa kote Afrika Mashariki, kutoka Kenya na Tanzania hadi Malawi, Burundi na Komoro, na hasa kati ya Waswahili wa pwani, ambako mchezaji hodari anaheshimiwa kama <i>bingwa</i>. Vyama kama Chama cha Bao (tangu 1966) na mashindano rasmi Tanzania, Zanzibar, Lamu na Malawi vinauhifadhi mchezo.</p>
<p>Historia yake ya mwanzo ni vigumu kuifuatilia: mbao ni za mti na haziachi alama nyingi. Taarifa ya Étienne de Flacourt ya mwaka 1658 kuhusu mchezo wa Madagaska wakati mwingine hutajwa kuwa ya kwanza; mshairi Muyaka bin Haji wa Mombasa aliusifu Bao katika miaka ya 1820; na ubao wa zamani kabisa uliohifadhiwa, kutoka Malawi, ni wa mwaka 1896 au baadaye. Bao la Kujifunza ni namna ya kujifunzia ya mchezo kamili, Bao la Kiswahili: halina kete mkononi wala nyumba ya mraba, na linaanza moja kwa moja na hatua ya mtaji.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, tasnifu, Leiden, 1995: sheria kama mabingwa wa Zanzibar walivyozifundisha kati ya 1991 na 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, tasnifu, Maastricht, 2003, kiambatisho \u201cZanzibar Bao rules for the computer\u201d: usomaji kamili unaofuatwa na injini ya tovuti hii.',
      'Kronenburg, Donkers na de Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  kiswahili: {
    sub: 'Mchezo kamili, kama wanavyoucheza mabingwa wa Bao wa Zanzibar.',
    what: `<p>Bao la Kiswahili ndilo mchezo kamili na mmojawapo wa michezo ya mancala yenye kina kirefu zaidi. Ubao ni uleule wa mchezo wa wanaoanza, lakini kete nyingi zinaanza nje ya ubao, mkononi mwako, na shimo moja la mraba, <b>nyumba</b>, lina nguvu zake.</p>
<p>Mchezo una hatua mbili. Katika hatua ya <b>namua</b> kila zamu inaanza kwa kuweka kete moja kutoka mkononi ubaoni. Mikono yote miwili ikiwa mitupu, inafuata hatua ya <b>mtaji</b>, inayochezwa kama Bao la Kujifunza.</p>`,
    board: `<p>Safu nne za mashimo manane; zako ni safu ya mbele (A1\u2013A8 kwa Kusini) na ya nyuma (B1\u2013B8). Nyumba yako ni shimo la tano kutoka kushoto katika safu ya mbele (A5). Mwanzoni kila mchezaji ana kete sita nyumbani, mbili katika kila moja ya mashimo mawili yaliyo kulia kwake (A6, A7) na 22 mkononi.</p>`,
    move: `<p><b>Mchezo wa namua</b> unaanza kwa kuweka kete moja kutoka mkononi katika shimo lenye kete la safu yako ya mbele.</p>
<ul>
<li>Ikiwa mojawapo ya mashimo yako ya mbele yenye kete linatazamana na shimo lenye kete, lazima <b>ukamate</b>: weka kete pale, chukua kete za upande wa pili na uzipande katika safu zako kuanzia kichwa. Kutoka A1/A2 zinaingia A1, kutoka A7/A8 zinaingia A8; kutoka mashimo ya katikati unachagua kichwa mwenyewe (hiyo ndiyo L au R ya mchezo). Kisha mchezo unaendelea kama mchezo wa kukamata: mzunguko unaoishia katika shimo la mbele lenye kete mbele ya kete unakamata tena, katika shimo jingine lenye kete unaendelea, katika shimo tupu mchezo unakwisha.</li>
<li>Vinginevyo unacheza <b>takasa</b>: weka kete katika shimo la mbele, chukua kete za shimo hilo na uzipande upande unaoutaka, ukiendelea hadi mzunguko uishie katika shimo tupu. Hakuna kinachokamatwa.</li>
</ul>
<p><b>Nyumba.</b> Maadamu ni yako na ina kete sita au zaidi, mzunguko unaoishia pale katika hatua ya namua unasimama: takasa inakwisha pale; katika mchezo wa kukamata unachagua kusimama au kwenda <b>safari</b>, kuimwaga nyumba na kuendelea kupanda (inaandikwa kwa +, kwa mfano <code>A8R+</code>), na hapo unaipoteza nyumba. Nyumba inaweza kuanza takasa pale tu inapokuwa shimo lako la mwisho lenye kete katika safu ya mbele, na hapo <i>inatozwa kodi</i>: kete mbili tu zinapandwa. Nyumba inayomwagwa au kukamatwa imepotea kabisa, na ukamataji wa kwanza katika hatua ya mtaji unamaliza nyumba zote mbili.</p>
<p><b>Hatua ya mtaji</b> inachezwa kama Bao la Kujifunza: anza kutoka shimo lenye kete mbili au zaidi, kukamata ni lazima, na shimo lenye kete zaidi ya 15 haliwezi kuanza ukamataji. Sheria moja ya ziada, <b>takasia</b>, inaweza baada ya takasa ya mpinzani kukukataza kwa zamu moja kucheza kutoka shimo moja lililo hatarini; ubao unaonyesha shimo kama hilo.</p>
<p>Unashinda kwa kuiacha safu ya mbele ya mpinzani tupu au kumwacha bila mchezo halali.</p>`,
    diagrams: [
      ['swa-start', 'Mwanzo: 6 nyumbani, 2 + 2 kulia kwake, 22 mkononi. Hakuna kukamata kunakowezekana, kwa hiyo Kusini anacheza takasa, kwa mfano A6L.'],
      ['swa-a6l', 'A6L: kete moja kutoka mkononi inaingia A6, na kete zake tatu zinaenda A5, A4 na A3. A3 lilikuwa tupu: mchezo umekwisha.'],
      ['swa-cap-before', 'Baadaye katika namua: A5 linatazamana na a4 lenye kete moja, kwa hiyo Kusini lazima akamate pale.'],
      ['swa-cap-after', 'A5L: kete ya mkononi inaingia A5, kete ya a4 inachukuliwa na kuingia kupitia kichwa cha kushoto A1 kilichokuwa tupu: mchezo umekwisha.'],
    ],
    diff: [
      ['Ubao', kalahBoard, 'Safu nne za mashimo manane, bila ghala; shimo lako la tano la mbele ni nyumba ya mraba.'],
      ['Kete', 'Nne kila shimo, zote ubaoni.', 'Kete 64; kila mchezaji anaanza na 10 ubaoni na 22 mkononi.'],
      ['Hatua', 'Moja.', 'Mbili: namua maadamu kuna kete mkononi, kisha mtaji.'],
      ['Zamu moja', 'Chukua shimo moja na upande.', 'Katika namua kwanza kete moja kutoka mkononi katika shimo la mbele lenye kete; linakamata, au linachukuliwa na kupandwa.'],
      ['Kukamata', 'Si lazima; kete zilizokamatwa zinaenda ghalani.', 'Lazima; kete zilizokamatwa zinapandwa katika safu zako kuanzia kichwa na mchezo unaendelea.'],
      ['Mashimo maalum', 'Hakuna.', 'Nyumba inasimamisha upandaji, inatoa safari na inatozwa kodi; takasia inaweza kufunga shimo lililo hatarini kwa zamu moja.'],
      ['Kushinda', 'Kete nyingi zaidi ghalani.', 'Acha safu ya mbele ya mpinzani tupu au mwache bila mchezo.'],
    ],
    history: `<p>\u201cBao\u201d maana yake ni ubao. Mchezo unapatikana kote Afrika Mashariki na unapendwa zaidi pwani ya Tanzania na Kenya, kwa mashindano rasmi Tanzania, Zanzibar, Lamu na Malawi; wachezaji bora hupewa cheo cha <i>bingwa</i>. Nyumba ya mraba katika mbao za jadi ni alama inayolitofautisha Bao na michezo mingine ya mancala.</p>
<p>Sheria zilirithishwa kwa mdomo, kwa hiyo namna za mahali mbalimbali zinatofautiana. Hapa zinatumika sheria ambazo Alex de Voogt alijifunza kwa mabingwa wa Zanzibar kati ya 1991 na 1995 na kuzieleza katika utafiti wake juu ya ubingwa wa Bao; baadaye Jeroen Donkers aliziandika kwa usahihi kiasi kwamba kompyuta inaweza kuzifuata, na injini ya tovuti hii inafuata maelezo hayo. Pale vyanzo vinapoacha jambo wazi, kama sheria ya takasia, injini inafuata wafafanuzi wa baadaye.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, Leiden, 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, Maastricht, 2003 (kiambatisho: Zanzibar Bao rules for the computer, 2001).',
      'Alex de Voogt, maelezo juu ya takasia, <i>Abstract Games</i> 7, 2001.',
      'Kronenburg, Donkers na de Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  'kiswahili-malawi': {
    sub: 'Mchezo kamili kwa mwanzo wa Malawi.',
    what: `<p>Hili ni Bao la Kiswahili lenye mpangilio tofauti wa mwanzo, unaotumika sana Malawi (ambako mchezo pia huitwa Bawo): nyumba inaanza na kete <b>nane</b> badala ya sita, kwa hiyo kila mchezaji ana kete <b>20</b> mkononi. Hatua ya namua ni fupi kwa zamu mbili na nyumba ina nguvu zaidi mwanzoni; sheria nyingine zote ni za mchezo kamili, zilizoelezwa hapa chini.</p>`,
    board: `<p>Kila mchezaji anaanza na kete nane nyumbani (A5), mbili katika kila moja ya mashimo mawili yaliyo kulia kwake (A6, A7) na 20 mkononi.</p>`,
    diagrams: [
      ['mal-start', 'Mwanzo wa Malawi: 8 nyumbani, 2 + 2 kulia kwake, 20 mkononi.'],
      ['swa-cap-before', 'Kukamata katika namua ni kama katika mchezo kamili: A5 linatazamana na a4 lenye kete moja, kwa hiyo Kusini lazima akamate pale.'],
      ['swa-cap-after', 'A5L: kete ya mkononi inaingia A5, kete ya a4 inaingia kupitia kichwa cha kushoto A1 kilichokuwa tupu: mchezo umekwisha.'],
    ],
  },
  kimasai: {
    sub: 'Mchezo wa Kimasai wa awamu mbili: kwanza malishoni, kisha uvamizi wa ng\u2019ombe.',
    what: `<p>Bao la Kimasai ni mancala ya safu nne ya wafugaji wa Kimasai wa kaskazini mwa Tanzania, inayochezwa katika nyanda zinazozunguka Mlima Kilimanjaro. Maneno yake yanatoka katika ufugaji: mashimo ni mazizi (<i>enkang</i>, wingi <i>inkang\u2019ite</i>) na kete ni ng\u2019ombe (<i>engiteng</i>, wingi <i>ingishu</i>). Kwanza kila mchezaji anapeleka ng\u2019ombe wake wa akiba malishoni, kisha uvamizi unaanza.</p>`,
    board: `<p>Safu nne za mashimo manane, bila ghala. Mwanzoni ng\u2019ombe mmoja yupo katika kila moja ya mashimo 16 ya mbele, safu za nyuma ni tupu na kila mchezaji ana ng\u2019ombe 24 wa akiba. Kupanda kote ni <b>kwa mwelekeo wa saa</b> katika mashimo yako kumi na sita: kwenye safu ya mbele kuelekea shimo 8, kisha kurudi kwenye safu ya nyuma. Mchezo ni shimo tu, kwa mfano <code>B4</code>.</p>`,
    move: `<p><b>Awamu ya 1: kuchunga.</b> Weka ng\u2019ombe mmoja wa akiba katika shimo lako lolote lenye ng\u2019ombe (mbele au nyuma), kisha chukua wote wa shimo hilo na upande kwa mwelekeo wa saa. Mzunguko ukiishia katika shimo lenye ng\u2019ombe, unalichukua na kuendelea; katika shimo tupu mchezo unakwisha. Katika awamu hii hakuna kukamata. Mchezo wa kwanza kabisa wa Kusini hautumii ng\u2019ombe wa akiba: unachukua tu mmoja wa ng\u2019ombe waliopo.</p>
<p><b>Awamu ya 2: uvamizi.</b> Akiba zote mbili zikiisha, chukua shimo lolote lenye ng\u2019ombe, hata mmoja tu, na upande kwa mwelekeo wa saa. Mzunguko ukiishia katika shimo lenye ng\u2019ombe la safu yako ya mbele huku upande wa pili kuna ng\u2019ombe, unawavamia: ng\u2019ombe hao wanapandwa kwa mwelekeo wa saa, wa kwanza katika shimo lililokamata lenyewe, na mchezo unaendelea kwa sheria zilezile. Safu za nyuma haziwezi kuvamiwa kamwe.</p>
<p>Unashinda kwa kuiacha safu ya mbele ya mpinzani tupu (au asipoweza kucheza).</p>`,
    diagrams: [
      ['mas-start', 'Mwanzo: ng\u2019ombe mmoja katika kila shimo la mbele, 24 katika kila akiba. Kusini anaanza na A3.'],
      ['mas-a3', 'A3: ng\u2019ombe anaingia A4 (lina ng\u2019ombe: 2 wanaendelea), kisha A6 (2 wanaendelea), kisha A8 (2 wanaendelea) hadi safu ya nyuma, B8 na B7. B7 lilikuwa tupu: mchezo umekwisha.'],
    ],
    diff: [
      ['Ubao', kalahBoard, 'Safu nne za mashimo manane, bila ghala; unamiliki safu ya mbele na ya nyuma.'],
      ['Kete', 'Nne kila shimo, zote ubaoni.', 'Ng\u2019ombe mmoja katika kila shimo la mbele, 24 katika kila akiba, jumla 64.'],
      ['Mwelekeo', 'Kinyume cha saa kuzunguka ubao wote.', 'Kwa mwelekeo wa saa tu, katika mashimo yako 16.'],
      ['Awamu', 'Moja.', 'Mbili: kuchunga (ng\u2019ombe wa akiba wanaingia, hakuna kukamata), kisha uvamizi.'],
      ['Mzunguko unapoishia', 'Mchezo umekwisha.', 'Shimo lenye ng\u2019ombe linachukuliwa na kupandwa tena; shimo tupu tu linamaliza mchezo.'],
      ['Kukamata', 'Kete ya mwisho katika shimo lako tupu inachukua kete za upande wa pili kwenda ghalani.', 'Mzunguko unaoishia katika shimo la mbele lenye ng\u2019ombe unachukua ng\u2019ombe wa upande wa pili; wanapandwa kuanzia shimo hilohilo.'],
      ['Kushinda', 'Kete nyingi zaidi ghalani.', 'Acha safu ya mbele ya mpinzani tupu.'],
    ],
    history: `<p>Mchezo huu ni mapokeo hai zaidi kuliko maandishi. Sheria zake ziliandikwa mwaka 2001 na David MacKay, aliyejifunza kutoka kwa Moinget Ole Kuney, mhudumu wa afya Mmasai katika kliniki karibu na Uwanja wa Ndege wa Kimataifa wa Kilimanjaro. Tofauti na mancala nyingi za Afrika Mashariki zinazopanda kinyume cha saa, Bao la Kimasai linapanda kwa mwelekeo wa saa, na awamu zake mbili zinafuata mwaka wa mchungaji: kuwatoa ng\u2019ombe, kuwalinda na kuvamia wa wengine. Hakuna sheria rasmi za kompyuta zilizochapishwa; tovuti hii inafuata usomaji wake makini wa maelezo hayo.</p>`,
    sources: [
      'David MacKay, maelezo ya Bao la Kimasai kama alivyofundishwa na Moinget Ole Kuney, 2001.',
      'Kwa familia pana ya michezo ya safu nne: Alex de Voogt, <i>Limits of the Mind</i>, Leiden, 1995.',
    ],
  },
};
