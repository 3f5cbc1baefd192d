// Rules pages, English. Written for this project from the project's rules (spec/rules.md) and its sources.
const kalahBoard = 'Two rows of six pits and a store at each end; you own one row.';
export default {
  kujifunza: {
    sub: 'Beginners\u2019 Bao: the four-row game without seeds in hand and without a house.',
    what: `<p>Bao la Kujifunza means \u201cBao for learning\u201d. It is the way most people on the Swahili coast first meet Bao, and it already has everything that makes the game special: four rows, sowing in either direction, relay sowing and captures that you must take.</p>
<p>You play South or North. Your side of the board is the two rows nearest to you: a <b>front row</b> that faces your opponent and a <b>back row</b> behind it. Seeds never leave your sixteen pits except when your opponent captures them.</p>`,
    board: `<p>Every pit starts with two seeds, 64 in all. Pits are named by row and number, counted from the owner\u2019s left: South\u2019s front row is A1\u2013A8, the back row B1\u2013B8; North\u2019s are a1\u2013a8 and b1\u2013b8. A1 faces a8, A4 faces a5. The two end pits of a front row are the <b>kichwa</b> (\u201chead\u201d); a kichwa and its neighbour form a <b>kimbi</b>.</p>`,
    move: `<ol>
<li>Take all seeds from one of your pits that holds at least two, and pick a direction: L (towards pit 1) or R (towards pit 8). Your sixteen pits form one ring, so sowing runs from the front row into the back row and round again.</li>
<li>Drop the seeds one by one into the following pits. This is a <b>lap</b>.</li>
<li>If the last seed falls into an empty pit, your move is over. If it falls into a pit that already had seeds, you <b>relay</b>: lift that pit and sow on in the same direction.</li>
<li><b>Capturing.</b> If your first lap can end in an occupied pit of your front row whose facing pit is occupied, you must play such a move (starting from a pit with 2 to 15 seeds). You take the facing seeds and sow them into your own rows from a kichwa: after a capture in a kimbi from the nearer kichwa, otherwise from the kichwa where your current direction begins. Each later lap that ends the same way captures again.</li>
<li>With no capture possible you play a <b>takasa</b> (also written takata): start from your front row if any pit there has two or more seeds, and nothing is captured during that move. You may not sow your only occupied front pit out of a kichwa towards the back row.</li>
</ol>
<p>You win when your opponent\u2019s front row is empty, or when your opponent cannot move. There are no draws and seeds are never counted.</p>
<p>On this site a move is written as its pit and direction, e.g. <code>A7L</code>.</p>`,
    diagrams: [
      ['kuj-start', 'The start: two seeds everywhere. South plays A7L: the two seeds from A7 go to A6 and A5.'],
      ['kuj-a7l', 'A5 was occupied and faces a4, so South captures a4\u2019s two seeds and, sowing to the left, brings them in from the right kichwa: A8, then A7, which is empty, so the move ends.'],
    ],
    diff: [
      ['Board', kalahBoard, 'Four rows of eight pits, no stores; you own a front and a back row, 16 pits.'],
      ['Seeds', 'Four per pit, 48.', 'Two per pit, 64, all on the board.'],
      ['Sowing', 'Anticlockwise around the whole board, into your store too.', 'Either direction, only around your own 16 pits, from a pit with two or more seeds.'],
      ['When a lap ends', 'The move ends (an extra turn if it ends in your store).', 'In an occupied pit the seeds are lifted and sown on (relay); only an empty pit ends the move.'],
      ['Capturing', 'Optional outcome: last seed in an empty own pit takes the opposite seeds into your store.', 'Compulsory: a lap ending in an occupied front pit facing seeds takes them, and they are sown back into your rows from a kichwa.'],
      ['Winning', 'Most seeds in your store.', 'Empty your opponent\u2019s front row, or leave them without a move. Nothing is counted.'],
    ],
    history: `<p>\u201cBao\u201d is Swahili for board, or board game. The game is played across East Africa, from Kenya and Tanzania to Malawi, Burundi and the Comoros, and is most at home among the Swahili people of the coast, where a strong player is honoured as <i>bingwa</i>, master. Clubs such as Chama cha Bao (founded in 1966) and official tournaments in Tanzania, Zanzibar, Lamu and Malawi keep it organised.</p>
<p>Its early history is hard to trace: boards are wooden and leave little for archaeologists. A 1658 account by \u00c9tienne de Flacourt of a game on Madagascar is sometimes cited as the first mention; the poet Muyaka bin Haji of Mombasa praised Bao in verse in the 1820s; and the oldest board that survives, from Malawi, dates from 1896 or later. Bao la Kujifunza is the learners\u2019 form of the full game, Bao la Kiswahili: it drops the seeds in hand and the square house and starts directly with the mtaji stage.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, PhD thesis, Leiden, 1995: the rules as Zanzibar\u2019s masters taught them between 1991 and 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, PhD thesis, Maastricht, 2003, appendix \u201cZanzibar Bao rules for the computer\u201d: the precise reading this site\u2019s engine follows.',
      'Kronenburg, Donkers and de Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  kiswahili: {
    sub: 'The full game, as the Bao masters of Zanzibar play it.',
    what: `<p>Bao la Kiswahili, \u201cthe Swahili people\u2019s Bao\u201d, is the complete game and one of the deepest mancala games there is. It is played on the same board as the beginners\u2019 game, but most seeds start off the board, in your hand, and one square pit, the <b>nyumba</b> (house), has powers of its own.</p>
<p>The game has two stages. In the <b>namua</b> stage each turn begins by bringing one seed from your hand onto the board. When both hands are empty the <b>mtaji</b> stage begins, which plays like Bao la Kujifunza.</p>`,
    board: `<p>Four rows of eight pits; you own the front row (A1\u2013A8 for South) and the back row (B1\u2013B8). Your nyumba is the fifth pit from your left in the front row (A5). Each player starts with six seeds in the nyumba, two in each of the two pits to its right (A6, A7) and 22 in hand.</p>`,
    move: `<p><b>A namua move</b> starts by putting one seed from your hand into an occupied pit of your front row.</p>
<ul>
<li>If any of your occupied front pits faces an occupied pit, you must <b>capture</b>: put the seed there, take the seeds opposite and sow them into your rows from a kichwa. From A1/A2 they enter at A1, from A7/A8 at A8; from the middle pits you choose the kichwa (that is the L or R of the move). The move then continues as a capture move: a lap ending in an occupied front pit facing seeds captures again, one ending in another occupied pit relays, one ending in an empty pit ends the move.</li>
<li>Otherwise you play a <b>takasa</b>: put the seed into a front pit, lift that pit and sow it in the direction you choose, relaying until a lap ends in an empty pit. Nothing is captured.</li>
</ul>
<p><b>The nyumba.</b> While you own it and it holds six or more seeds, a lap that ends there in the namua stage stops: a takasa simply ends; a capture move lets you choose to stop or to go on <b>safari</b>, emptying the house and sowing on (written with a +, e.g. <code>A8R+</code>), which ends its ownership. The house may start a takasa only when it is your last occupied front pit, and then it is <i>taxed</i>: only two of its seeds are sown. A house that is emptied or captured is lost for good, and the first capture of the mtaji stage ends both houses.</p>
<p><b>The mtaji stage</b> plays like Bao la Kujifunza: start from a pit with at least two seeds, capturing is compulsory, a pit with more than 15 seeds never starts a capture. One extra rule, <b>takasia</b>, can forbid you for one turn to play from a single threatened pit after your opponent\u2019s takasa; the board marks such a pit.</p>
<p>You win by emptying your opponent\u2019s front row or leaving them without a legal move.</p>`,
    diagrams: [
      ['swa-start', 'The start: 6 in the nyumba, 2 + 2 to its right, 22 in hand. No capture is possible, so South plays a takasa, e.g. A6L.'],
      ['swa-a6l', 'A6L: one seed from the hand into A6, whose three seeds go to A5, A4 and A3. A3 was empty, so the move ends.'],
      ['swa-cap-before', 'Later in the namua stage: A5 faces a4, which holds a seed, so South must capture there.'],
      ['swa-cap-after', 'A5L: the hand seed goes into A5, the seed of a4 is taken and enters at the left kichwa A1, which was empty: the move ends.'],
    ],
    diff: [
      ['Board', kalahBoard, 'Four rows of eight pits, no stores; your fifth front pit is the square nyumba.'],
      ['Seeds', 'Four per pit, all on the board.', '64 seeds; each player starts with 10 on the board and 22 in hand.'],
      ['Stages', 'One.', 'Two: namua while seeds remain in hand, then mtaji.'],
      ['A turn', 'Lift a pit and sow it.', 'In namua, first place a seed from your hand in an occupied front pit; it then captures or is lifted and sown.'],
      ['Capturing', 'Optional outcome of a move; captured seeds go to your store.', 'Compulsory; captured seeds are sown back into your rows from a kichwa and the move goes on.'],
      ['Special pits', 'None.', 'The nyumba stops sowing, offers safari, is taxed; takasia can freeze a threatened pit for a turn.'],
      ['Winning', 'Most seeds in your store.', 'Empty the opponent\u2019s front row or leave them without a move.'],
    ],
    history: `<p>\u201cBao\u201d means board in Swahili. The game is found all over East Africa and is most loved on the Swahili coast of Tanzania and Kenya, where official tournaments are held (in Tanzania, on Zanzibar, on Lamu and in Malawi) and the best players earn the title <i>bingwa</i>. The square house on traditional boards is a mark of Bao among the mancala games.</p>
<p>The rules were passed on by word of mouth, so local versions differ. The rules used here are those Alex de Voogt learned from Zanzibar\u2019s masters between 1991 and 1995 and described in his study of Bao mastership; Jeroen Donkers later wrote them down precisely enough for a computer, and this site\u2019s engine follows that formalisation. Where sources leave a detail open, as with the takasia rule, the engine follows later commentators.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, Leiden, 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, Maastricht, 2003 (appendix: Zanzibar Bao rules for the computer, 2001).',
      'Alex de Voogt, notes on takasia, <i>Abstract Games</i> 7, 2001.',
      'Kronenburg, Donkers and de Voogt, \u201cNever-ending moves in Bao\u201d, ICGA Journal, 2006.',
    ],
  },
  'kiswahili-malawi': {
    sub: 'The full game with the opening used in Malawi.',
    what: `<p>This is Bao la Kiswahili with one change in the set-up, as it is commonly played in Malawi (where the game is also called Bawo): the nyumba starts with <b>eight</b> seeds instead of six, so each player holds <b>20</b> seeds in hand. The namua stage is two turns shorter and the house is stronger at the start; every other rule is the same as in the full game, described below.</p>`,
    board: `<p>Each player starts with eight seeds in the nyumba (A5), two in each of the two pits to its right (A6, A7) and 20 in hand.</p>`,
    diagrams: [
      ['mal-start', 'The Malawi start: 8 in the nyumba, 2 + 2 to its right, 20 in hand.'],
      ['swa-cap-before', 'A namua capture works as in the full game: A5 faces a4, which holds a seed, so South must capture there.'],
      ['swa-cap-after', 'A5L: the hand seed goes into A5, the seed of a4 enters at the left kichwa A1, which was empty: the move ends.'],
    ],
  },
  kimasai: {
    sub: 'A two-phase Maasai game: herds brought to pasture, then cattle raids.',
    what: `<p>Bao la Kimasai is a four-row mancala of the Maasai herders of northern Tanzania, played on the plains around Mount Kilimanjaro. Its words come from cattle keeping: the pits are kraals (<i>enkang</i>, plural <i>inkang\u2019ite</i>) and the seeds are cows (<i>engiteng</i>, plural <i>ingishu</i>). The game has two phases: first each player brings their reserve cows to pasture, then the raiding begins.</p>`,
    board: `<p>Four rows of eight pits, no stores. At the start one cow stands in each of the 16 front-row pits, the back rows are empty and each player keeps 24 cows in reserve. All sowing goes <b>clockwise</b> around your own sixteen pits: along your front row towards pit 8, then back along your back row. A move is written as its pit only, e.g. <code>B4</code>.</p>`,
    move: `<p><b>Phase 1: herding.</b> Put one cow from your reserve into any occupied pit of yours (front or back row), lift everything in that pit and sow it clockwise. When a lap ends in an occupied pit you lift it and sow on; a lap ending in an empty pit ends the move. Nothing is captured in this phase. South\u2019s very first move takes no cow from the reserve: it just lifts one of the starting cows.</p>
<p><b>Phase 2: raiding.</b> Once both reserves are empty, lift any occupied pit, even one with a single cow, and sow clockwise. When a lap ends in an occupied pit of your front row and the facing pit holds cows, you raid them: the captured cows are sown on clockwise, the first one into the capturing pit itself, and the move continues by the same rules. Back rows can never be raided.</p>
<p>You win by emptying your opponent\u2019s front row (or when they cannot move).</p>`,
    diagrams: [
      ['mas-start', 'The start: one cow in each front pit, 24 in each reserve. South opens with A3.'],
      ['mas-a3', 'A3: the cow lands in A4 (occupied: relay 2), then A6 (relay 2), then A8 (relay 2) into the back row, B8 and B7. B7 was empty, so the move ends.'],
    ],
    diff: [
      ['Board', kalahBoard, 'Four rows of eight pits, no stores; you own a front and a back row.'],
      ['Seeds', 'Four per pit, all on the board.', 'One cow in each front pit, 24 in each reserve, 64 in all.'],
      ['Direction', 'Anticlockwise around the whole board.', 'Clockwise only, around your own 16 pits.'],
      ['Phases', 'One.', 'Two: herding (reserve cows enter, no captures), then raiding.'],
      ['When a lap ends', 'The move ends.', 'An occupied pit is lifted and sown on; only an empty pit ends the move.'],
      ['Capturing', 'Last seed in an empty own pit takes the opposite seeds to your store.', 'A lap ending in an occupied front pit takes the cows facing it; they are sown on from that same pit.'],
      ['Winning', 'Most seeds in your store.', 'Empty the opponent\u2019s front row.'],
    ],
    history: `<p>The game is a living tradition rather than a written one. Its rules were recorded in 2001 by David MacKay, who learned them from Moinget Ole Kuney, a Maasai health worker at a clinic near Kilimanjaro International Airport. Unlike most East African mancalas, which sow anticlockwise, Bao la Kimasai sows clockwise, and its two phases mirror the herder\u2019s year: bringing the herd out, then defending it and raiding others. No formal computer rules have been published; this site follows its own careful reading of that documentation.</p>`,
    sources: [
      'David MacKay, documentation of Bao la Kimasai as taught by Moinget Ole Kuney, 2001.',
      'For the wider family of four-row games: Alex de Voogt, <i>Limits of the Mind</i>, Leiden, 1995.',
    ],
  },
};
