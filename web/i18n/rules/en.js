// Rules pages, English. Written for this project from its rules (spec/rules.md) and sources. Numbers of the
// game come from web/rules-data.js as {placeholders}; rule constants are written as words (tests/rules).
const kalahBoard = 'Two rows of six pits and a store for each player at one end; you own one row and your store.';
const kalahSeeds = 'Four in each pit, 48 in all.';
const kalahCapture =
  'Automatic: when your last seed falls into an empty pit of your own row, it and the seeds opposite go into your store.';
const kalahWin = 'When one player’s pits are empty the game ends, and whoever has more seeds in their store wins.';

const endOfGame = `<ul>
<li>You win when your opponent’s front row is empty after your move. If a capture empties it, the move ends on the spot: the captured seeds are not sown but stay in your hand.</li>
<li>If your move empties your own front row while your opponent’s still holds seeds, you lose.</li>
<li>If you cannot move when it is your turn, you lose.</li>
<li>There are no draws, and seeds are never counted.</li>
<li>Relay sowing can, very rarely, go round for ever. A move whose sowing comes back to a state it has already been in would never end, so it is not a legal move.</li>
</ul>`;

export default {
  // The account of a move under each worked example, built from the engine's trace. {what} is a count of
  // seeds (cows in Bao la Kimasai); `.one` is used for one, `.cows` in Bao la Kimasai.
  steps: {
    seeds: '{n} seeds',
    'seeds.one': '{n} seed',
    'seeds.cows': '{n} cows',
    'seeds.cows.one': '{n} cow',
    hand: 'A seed from the hand goes into {pit}.',
    'hand.cows': 'A cow from the reserve goes into {pit}.',
    lift: '{pit}: lift its {what} and sow them into {pits}.',
    'lift.one': '{pit}: lift its {what} and sow it into {pits}.',
    tax: 'The nyumba {pit} is taxed: lift only {what} and sow them into {pits}.',
    relay: '{pit} already held seeds: lift its {what} and sow them on into {pits}.',
    'relay.cows': '{pit} already held cows: lift its {what} and sow them on into {pits}.',
    capture: '{own} faces {pit}: capture its {what} and sow them from {into}: {pits}.',
    'capture.one': '{own} faces {pit}: capture its {what} and sow it into {pits}.',
    'capture.cows': '{own} faces {pit}: raid its {what} and sow them from {into}: {pits}.',
    'capture.cows.one': '{own} faces {pit}: raid its {what} and sow it into {pits}.',
    captureLast: '{own} faces {pit}: capture its {what}.',
    'captureLast.cows': '{own} faces {pit}: raid its {what}.',
    safari: 'Safari: lift the {what} of the nyumba {pit} and sow them on into {pits}.',
    stop: 'The lap ends in the owned nyumba {pit}, which does not capture: the move stops there.',
    takasiaStop: 'The lap ends in {pit}, which is takasia: the move stops there.',
    end: '{pit} was empty: the move is over.',
    win: '{loser}’s front row is empty: {winner} wins.',
    kept: 'The {what} just captured are not sown: they stay in {winner}’s hand.',
    'kept.one': 'The {what} just captured is not sown: it stays in {winner}’s hand.',
    'kept.cows': 'The {what} just raided are not sown: they stay in {winner}’s reserve.',
  },

  kujifunza: {
    sub: 'Beginners’ Bao: four rows, sowing in both directions and captures you may not refuse, without seeds in hand and without a nyumba.',
    sections: [
      {
        id: 'what',
        title: 'What is {variant}?',
        html: `<p>Bao la Kujifunza, “Bao for learning”, is the simpler of the two forms of Bao played on Zanzibar and in Tanzania. It leaves out two parts of the full game, Bao la Kiswahili: there are no seeds in hand and no nyumba (house). What remains is the heart of Bao: sowing in either direction around your own sixteen pits, relay sowing, and captures you must make.</p>
<p>Two players, South and North, face each other across the board. South moves first.</p>`,
      },
      {
        id: 'board',
        title: 'The board',
        html: `<p>The board has four rows of eight pits and no stores. Each player owns the two rows nearest to them: the <b>front row</b>, facing the opponent, and the <b>back row</b> behind it. At the start every pit holds {perPit} seeds, {total} in all.</p>
<p>Pits are named by row and number, counted from the owner’s left: South’s front row is A1–A8 and the back row B1–B8; North’s are a1–a8 and b1–b8. A1 is at South’s left and faces a8; A4 faces a5.</p>
<p>The two end pits of a front row are the <b>vichwa</b> (singular <b>kichwa</b>, “head”): A1 is the left kichwa, A8 the right one. A kichwa together with the pit next to it, A1 and A2 or A7 and A8, is a <b>kimbi</b>.</p>
<p>You only ever sow into your own sixteen pits, and they form a closed <b>ring</b>: along the front row, round the end into the back row, back along it and round again. Seen from above with the owner at the bottom, clockwise is A1 → A8 → B8 → B1 → A1.</p>
<p>A move is written as its start pit and a letter, for instance <code>A7L</code> (capital letters are South’s pits, small letters North’s). <b>L</b> sends the seeds off to your left along the start pit’s row, towards A1 or B1, and <b>R</b> to your right, towards A8 or B8, as you look at your own rows. Once set off, the seeds go on around the ring the same way. So from a front pit R runs clockwise and L anticlockwise, and from a back pit it is the other way round:</p>`,
        figs: [
          ['ring-cw', 'Clockwise: R from a front pit (A1R sows into A2, A3, …) and L from a back pit (B1L sows into A1, A2, …).'],
          ['ring-acw', 'Anticlockwise: L from a front pit (A3L sows into A2, A1, …) and R from a back pit (B8R sows into A8, A7, …).'],
        ],
      },
      {
        id: 'move',
        title: 'How a move works',
        html: `<ol>
<li>Choose one of your pits that holds at least two seeds, in the front or the back row, and a direction. Take all its seeds.</li>
<li>Drop them one by one into the pits that follow around the ring, starting with the pit after the one you emptied. Sowing one handful like this is a <b>lap</b>.</li>
<li>Look at the pit where the last seed fell. If it was empty before that seed, the move is over. If it already held seeds, the move goes on: either you capture (next section), or you <b>relay</b>: lift all the seeds of that pit, the last one included, and sow them on in the same direction as a new lap. In these rules “occupied” always means: holding seeds before the last seed of the lap fell.</li>
<li>A lap of sixteen seeds or more goes all the way round the ring and drops seeds into the pit it started from as well.</li>
</ol>`,
      },
      {
        id: 'capture',
        title: 'Capturing',
        html: `<p>A <b>capture move</b> starts from a pit holding two to fifteen seeds, and its first lap ends in one of your front pits that was occupied while the pit facing it, in your opponent’s front row, is occupied too. <b>If you have a capture move, you must play one</b>; if you have several, you may choose any of them. A pit with sixteen seeds or more never starts a capture move.</p>
<p>In a capture move, whenever a lap ends like that, you take all the seeds of the facing pit and sow them into your own rows from one of your vichwa. The first captured seed goes into the kichwa itself and the others follow towards the middle of the row:</p>
<ul>
<li>after a capture in your left kimbi (A1 or A2) they enter at A1 and run towards A8;</li>
<li>after a capture in your right kimbi (A7 or A8) they enter at A8 and run towards A1;</li>
<li>after a capture in A3 to A6 the direction does not change: if the lap was running along your front row towards A8, they enter at A1; if it was running towards A1, they enter at A8.</li>
</ul>
<p>The move then goes on lap by lap: a lap that ends in an occupied front pit facing an occupied pit captures again, a lap that ends in any other occupied pit relays, and a lap that ends in an empty pit ends the move.</p>`,
        figs: [
          ['kuj-start', 'The start, South to move: {perPit} seeds in every pit. All of South’s moves capture here; South plays A7L.'],
          ['kuj-a7l', 'The first lap ends in A5, which was occupied and faces a4, so South captures the {capture1} seeds of a4. The lap was running towards A1, so they enter at the right kichwa, A8, and go on to A7, which was empty: the move is over.'],
          ['kuj-chain', 'Another game, South to move. A5 holds {A5} seeds; A7 faces a2 and A6 faces a3, which hold {a2} seed each.'],
          ['kuj-chain-a5r', 'A5R ends its first lap in A7, in the right kimbi, so the seed from a2 enters at A8 and the sowing turns round towards A1. A8 relays into A7 and A6; A6 faces a3 and captures again, and since the sowing still runs towards A1, this seed too enters at A8.'],
        ],
      },
      {
        id: 'takasa',
        title: 'Moves without a capture: takasa',
        html: `<p>If you have no capture move, you play a <b>takasa</b> (some sources write takata), a move that captures nothing:</p>
<ul>
<li>You must start in your front row if any of your front pits holds two or more seeds; only if none does may you start in the back row.</li>
<li>The move relays until a lap ends in an empty pit. A takasa never captures, not even when a lap ends in an occupied front pit facing seeds: it relays there too.</li>
<li>If your only occupied front pit is a kichwa, you may not sow it outwards into the back row (A1 with L, A8 with R), as that would empty your front row.</li>
</ul>`,
        figs: [
          ['kuj-takasa', 'South to move. No move captures, and no front pit holds two or more seeds, so South must start in the back row, from B4, the only pit with two.'],
          ['kuj-takasa-b4r', 'B4R: R from a back pit runs towards B8 and round into the front row. Every lap ends in an occupied pit and relays, {laps} laps in all, even in A7, A5, A3 and A1, which face seeds: a takasa never captures.'],
          ['kuj-big', 'Another game, South to move. A5 holds {A5} seeds.'],
          ['kuj-big-a5l', 'A5L: the {lift} seeds go once around the ring, and the last one falls into A5 itself, empty since it was lifted: the move is over. A pit this full can never start a capture move.'],
        ],
      },
      {
        id: 'end',
        title: 'End of the game',
        html: endOfGame,
        figs: [
          ['kuj-win', 'South to move. North’s front row holds a single seed, in a6, which faces A3.'],
          ['kuj-win-a5l', 'A5L ends its lap in A3, which faces a6 with its {capture1} seed. Capturing it empties North’s front row, so the game ends at once: South wins, and the captured seed stays in South’s hand.'],
        ],
      },
    ],
    diff: [
      ['Board', kalahBoard, 'Four rows of eight pits and no stores; you own a front and a back row, sixteen pits.'],
      ['Seeds', kalahSeeds, '{perPit} in every pit, {total} in all, all on the board.'],
      ['Sowing', 'Anticlockwise around the whole board, through your own store but not your opponent’s.', 'In the direction you choose, only around your own sixteen pits, from a pit with at least two seeds.'],
      ['When a lap ends', 'The move is over; if the last seed fell into your store, you move again.', 'In an occupied pit the move goes on (relay or capture); only an empty pit ends it.'],
      ['Capturing', kalahCapture, 'Compulsory: if you can capture, you must. The captured seeds are sown back into your own rows from a kichwa and the move goes on.'],
      ['Winning', kalahWin, 'Empty your opponent’s front row or leave them without a move. Nothing is counted.'],
    ],
    history: `<p>“Bao” is the Swahili word for a board, and for a board game. Bao is played in much of East Africa, in Tanzania, Kenya, Malawi, Burundi and the Comoros among other places, and it is most popular among the Swahili people of Tanzania and Kenya, where a master of the game is honoured with the title <i>bingwa</i>. Associations such as Chama cha Bao, founded in 1966, and official tournaments in Tanzania, on Zanzibar, on Lamu in Kenya and in Malawi keep it organised.</p>
<p>Little is known about its early history, since boards are made of wood and leave archaeologists almost nothing. A game on Madagascar described in 1658 by Étienne de Flacourt, then French governor there, is sometimes named as the first mention, but scholars hesitate to call it Bao. In the 1820s the poet Muyaka bin Haji of Mombasa praised the game in his poem <i>Bao Naligwa</i>. The oldest board that survives comes from Malawi, is kept in the British Museum and is no older than 1896.</p>
<p>Bao la Kujifunza is the learners’ form of Bao la Kiswahili: with all seeds on the board from the start there is no namua stage, so it is played throughout the way the full game plays its second, mtaji stage.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, PhD thesis, Leiden, 1995: a study of how the Bao masters of Zanzibar think and play, which also records the rules they taught him between 1991 and 1995.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, PhD thesis, Maastricht, 2003, appendix “Zanzibar Bao rules for the computer”: the exact reading of those rules that this site’s engine follows.',
      'Tom Kronenburg, Jeroen Donkers and Alex de Voogt, “Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  kiswahili: {
    sub: 'The full game, as the Bao masters of Zanzibar play it.',
    sections: [
      {
        id: 'what',
        title: 'What is {variant}?',
        html: `<p>Bao la Kiswahili, “the Bao of the Swahili people”, is the full game and one of the deepest of all mancala games. It is played on the same board as Bao la Kujifunza, but most seeds start off the board, in the players’ hands, and one pit, the <b>nyumba</b> (house), often cut square on traditional boards, has powers of its own.</p>
<p>The game has two stages. In the <b>namua</b> stage every move begins with a seed from the hand. When both hands are empty, the <b>mtaji</b> stage follows, played like Bao la Kujifunza with two extra rules.</p>`,
      },
      {
        id: 'board',
        title: 'The board and the start',
        html: `<p>Four rows of eight pits and no stores. Each player owns two rows: the <b>front row</b>, facing the opponent, and the <b>back row</b> behind it. Pits are named by row and number, counted from the owner’s left: South has A1–A8 in front and B1–B8 behind, North a1–a8 and b1–b8. A1 faces a8, A2 faces a7, and so on.</p>
<p>The <b>nyumba</b> is the fifth pit of the front row from its owner’s left: A5 for South, a5 for North. The two end pits of a front row are the <b>vichwa</b> (singular <b>kichwa</b>, “head”), A1 on the left and A8 on the right; a kichwa and the pit next to it, A1 and A2 or A7 and A8, form a <b>kimbi</b>.</p>
<p>At the start each player has {nyumba} seeds in the nyumba, {beside} in each of the two pits to its right (A6 and A7) and {hand} in hand, {total} seeds in all. Both players own their nyumba. South moves first.</p>
<p>You sow only around your own sixteen pits, which form a ring: clockwise it runs A1 → A8 → B8 → B1 → A1. A move is written as its pit and a letter: <b>L</b> sends the seeds off to your left along the start pit’s row (towards A1 or B1) and <b>R</b> to your right (towards A8 or B8), and the sowing goes on around the ring the same way. Only for a capture in the namua stage does the letter mean something else: it names the kichwa where the captured seeds come in (L: A1, R: A8). A <code>+</code> after the move marks safari (see the nyumba).</p>`,
        figs: [
          ['swa-start', 'The start, South to move: {nyumba} seeds in the nyumba A5, {beside} each in A6 and A7, {hand} in each hand.'],
          ['ring-cw', 'Clockwise: R from a front pit (A1R sows into A2, A3, …) and L from a back pit (B1L sows into A1, A2, …).'],
          ['ring-acw', 'Anticlockwise: L from a front pit (A3L sows into A2, A1, …) and R from a back pit (B8R sows into A8, A7, …).'],
        ],
      },
      {
        id: 'stages',
        title: 'Two stages',
        html: `<p><b>Namua.</b> As long as you have seeds in hand, each of your moves is a namua move (next section): it starts by putting one seed from your hand on the board. The hands empty in turn, so after {hand} moves by each player both are empty.</p>
<p><b>Mtaji.</b> From then on every move starts by lifting seeds that are already on the board, as in Bao la Kujifunza.</p>`,
      },
      {
        id: 'namua',
        title: 'A move in the namua stage',
        html: `<p>Every namua move begins by putting one seed from your hand into an <b>occupied</b> pit of your front row: never into an empty pit, never into the back row. That pit is the one the move is named after.</p>
<p><b>Capture.</b> If one of your occupied front pits faces an occupied pit of your opponent, you must capture: put the seed into such a pit (if there are several, you choose), take all the seeds of the pit facing it and sow them into your own rows from a kichwa, the first seed into the kichwa itself:</p>
<ul>
<li>after a capture at A1 or A2 they enter at A1, at A7 or A8 they enter at A8;</li>
<li>after a capture at A3 to A6 they enter at the kichwa you choose, and the letter of the move says which: L for A1, R for A8.</li>
</ul>
<p>Seeds that enter at A1 run towards A8, and seeds that enter at A8 run towards A1. The move then goes on lap by lap: a lap that ends in an occupied front pit facing an occupied pit captures again (at A3 to A6 now without a choice: the seeds enter at the kichwa that keeps the direction of sowing, A1 when it runs towards A8 and A8 when it runs towards A1), a lap that ends in any other occupied pit relays, and a lap that ends in an empty pit ends the move. Occupied always means: holding seeds before the last seed of the lap fell. The nyumba can stop a lap; see below.</p>
<p><b>Takasa.</b> If no capture is possible, you play a takasa: put the seed into one of your occupied front pits, lift all its seeds and sow them in the direction you choose, relaying until a lap ends in an empty pit. A takasa never captures, not even when a lap ends facing seeds. Not every front pit may start it:</p>
<ul>
<li>A nyumba that you own and that holds six or more seeds may start a takasa only if it is your only occupied front pit. It is then <b>taxed</b>: after the seed from the hand goes in, you lift only two seeds and sow those, and the nyumba stays yours.</li>
<li>A pit holding a single seed may start a takasa only while you still own your nyumba, or if none of the pits you may choose holds two or more seeds.</li>
<li>If your only occupied front pit is a kichwa, you may not sow it outwards into the back row (A1 with L, A8 with R).</li>
</ul>`,
        figs: [
          ['swa-a6l', 'At the start no capture is possible, so South plays a takasa: the seed from the hand goes into A6, whose {lift} seeds go to A5, A4 and A3. A3 was empty, so the move is over, and South has {hand.south} seeds left in hand.'],
          ['swa-kichwa', 'Namua stage, South to move. A5 faces a4 and A6 faces a3, which hold seeds, so South must capture, at A5 or at A6, and from these middle pits chooses the kichwa.'],
          ['swa-kichwa-a5l', 'A5L: the seed from the hand goes into A5; a4 holds {capture1} seed, which is captured and enters at the left kichwa A1. A1 was empty, so the move is over.'],
          ['swa-kichwa-a5r', 'A5R: the same capture, entering at the right kichwa A8. A8 already held a seed, so the move goes on, and it captures the seed of a3 as well.'],
        ],
      },
      {
        id: 'nyumba',
        title: 'The nyumba',
        html: `<p>The nyumba has special powers only while its owner still <b>owns</b> it and it holds <b>six seeds or more</b>. With fewer it is an ordinary pit, and its powers come back if it is filled up to six again while it is still owned.</p>
<ul>
<li><b>Stop or safari</b> (namua stage only). When a lap ends in your own nyumba and does not capture there (in a capture move, the pit facing it is empty; a takasa never captures), the lap does not relay. In a takasa the move ends there. In a capture move you choose: stop there, or go on <b>safari</b>: lift all its seeds and sow on in the same direction (written with a <code>+</code>, e.g. <code>A8R+</code>). After a safari the nyumba is no longer yours.</li>
<li><b>Tax</b> (namua stage only): a nyumba that is your only occupied front pit starts a takasa with just two of its seeds (see the takasa rules above).</li>
<li><b>Losing it.</b> You lose your nyumba for good when it is emptied in any way other than by the tax (played as a start pit, relayed, taken on safari) or captured by your opponent. The first capture of the mtaji stage, by either player, ends the ownership of both nyumbas.</li>
<li><b>In the mtaji stage</b> an owned nyumba has no stop, no safari and no tax: a lap that ends there relays as anywhere else, and a takasa may start from it (which empties it, so it is lost). It still can never be made takasia (below).</li>
</ul>`,
        figs: [
          ['swa-nyumba', 'Namua stage, South to move. A8 faces a1, which holds a seed, and the nyumba A5 holds {A5} seeds. South can capture from A8 (A8R), and then gets the choice of the nyumba.'],
          ['swa-nyumba-a8r', 'A8R: the seed from a1 enters at A8, which relays; the lap ends in the nyumba, and a4, facing it, is empty. South stops there: the nyumba keeps its {A5} seeds and stays South’s.'],
          ['swa-nyumba-a8r-safari', 'A8R+: the same move with safari. The {safari} seeds of the nyumba are sown on, round into the back row. The nyumba is now empty and no longer South’s.'],
          ['swa-tax', 'Namua stage, South to move. South’s only occupied front pit is the nyumba, owned, with {A5} seeds, and no capture is possible.'],
          ['swa-tax-a5l', 'A5L: the seed from the hand goes in, but only {lift} seeds are lifted: the nyumba is taxed. It keeps {A5} seeds and stays South’s, though with fewer than six it has no powers until it is filled up again.'],
        ],
      },
      {
        id: 'mtaji',
        title: 'The mtaji stage',
        html: `<p>Once both hands are empty, every move is played as in Bao la Kujifunza: lift all the seeds of one of your pits holding at least two and sow them in the direction you choose, relaying from occupied pits.</p>
<ul>
<li>A move from a pit of two to fifteen seeds whose first lap ends in an occupied front pit facing an occupied pit is a capture move. If you have one, you must play one; if you have several, you choose.</li>
<li>Captured seeds enter at a kichwa: after a capture at A1 or A2 at A1, at A7 or A8 at A8, and at A3 to A6 at the kichwa that keeps the direction of sowing (A1 when it runs towards A8, A8 when it runs towards A1).</li>
<li>Without a capture you play a takasa: from the front row if any front pit holds two or more seeds, never capturing, and never sowing your only occupied front pit out of a kichwa into the back row.</li>
<li>A pit with sixteen seeds or more goes all the way round, drops a seed into itself and can never start a capture move.</li>
</ul>`,
      },
      {
        id: 'takasia',
        title: 'Takasia',
        html: `<p>Takasia protects a threatened pit for one move, in the mtaji stage only. After you play a takasa in the mtaji stage, and the game is not over, look at the position with your opponent to move. If</p>
<ol>
<li>your opponent has no capture move,</li>
<li>exactly one of their front pits could be captured by the first lap of one of your capture moves, were it your turn again,</li>
<li>and that pit does not hold a single seed, is not their only occupied front pit, is not their only front pit with two or more seeds, and is not a nyumba they still own,</li>
</ol>
<p>then that pit is <b>takasia</b> for your opponent’s next move: they may not start the move from it, and if a lap of their move ends in it, the move stops there instead of relaying. Sowing through it is normal. The mark lasts for that one move, and the board shows it.</p>`,
        figs: [
          ['swa-takasia', 'Mtaji stage, South to move. No capture is possible, so South plays a takasa: A5R.'],
          ['swa-takasia-a5r', 'After A5R, North has no capture, and a2, with {a2} seeds, is the only one of North’s front pits that South could now capture. So a2 is takasia for North’s next move (dashed red ring).'],
        ],
      },
      { id: 'end', title: 'End of the game', html: endOfGame },
    ],
    diff: [
      ['Board', kalahBoard, 'Four rows of eight pits and no stores; the fifth pit of your front row from the left is the nyumba.'],
      ['Seeds', kalahSeeds, '{total} in all; each player starts with {onBoard} on the board, {nyumba} of them in the nyumba, and {hand} in hand.'],
      ['Stages', 'One.', 'Two: namua while you have seeds in hand, then mtaji.'],
      ['A move', 'Lift the seeds of one of your pits and sow them.', 'In the namua stage you first put a seed from your hand into an occupied front pit; that pit then captures, or is lifted and sown.'],
      ['Capturing', kalahCapture, 'Compulsory: if you can capture, you must. The captured seeds are sown back into your own rows from a kichwa and the move goes on.'],
      ['Special pits', 'The stores, which only collect seeds: sowing passes through your own store and skips your opponent’s.', 'The nyumba: in the namua stage, while it is owned and holds six seeds or more, it stops a lap (or offers safari in a capture move) and is taxed when it is your only occupied front pit. Takasia can protect a threatened pit for one move in the mtaji stage.'],
      ['Winning', kalahWin, 'Empty your opponent’s front row or leave them without a move. Nothing is counted.'],
    ],
    history: `<p>“Bao” is Swahili for board. The game is played in much of East Africa and is most popular among the Swahili people of Tanzania and Kenya; official tournaments are held in Tanzania, on Zanzibar, on Lamu in Kenya and in Malawi, and a master of the game earns the title <i>bingwa</i>. The square nyumba of many traditional boards sets Bao boards apart from other mancala boards.</p>
<p>The rules were handed down by word of mouth, so local versions differ. This site plays the rules Alex de Voogt learned from the masters of Zanzibar between 1991 and 1995 and recorded in his study of Bao mastership. Jeroen Donkers later set the same rules down precisely enough for a computer, and this site’s engine follows his formalisation; for takasia it follows de Voogt’s later note on that rule.</p>`,
    sources: [
      'Alex de Voogt, <i>Limits of the Mind: Towards a Characterisation of Bao Mastership</i>, PhD thesis, Leiden, 1995: a study of how the Bao masters of Zanzibar think and play, which also records their rules.',
      'Jeroen Donkers, <i>Nosce Hostem: Searching with Opponent Models</i>, PhD thesis, Maastricht, 2003, appendix “Zanzibar Bao rules for the computer” (2001): the formal rules this site’s engine follows.',
      'Alex de Voogt, note on the takasia rule, <i>Abstract Games</i> 7, 2001.',
      'Tom Kronenburg, Jeroen Donkers and Alex de Voogt, “Never-ending moves in Bao”, <i>ICGA Journal</i>, 2006.',
    ],
  },

  // Bao la Kiswahili's sections, with these in their place (by id) and these fields on top.
  'kiswahili-malawi': {
    sub: 'Bao la Kiswahili with the opening used in Malawi: {nyumba} seeds in the nyumba.',
    sections: [
      {
        id: 'what',
        title: 'What is {variant}?',
        html: `<p>This is Bao la Kiswahili with another opening. In Malawi, where the game is also called Bawo (its name in Yao), the nyumba starts with {nyumba} seeds instead of {kiswahili.nyumba}, so each player has {hand} seeds in hand instead of {kiswahili.hand}, and the namua stage is correspondingly shorter.</p>
<p>On this site the opening is the only difference: all other rules are those of Bao la Kiswahili, set out in full below. Our sources say nothing more about how Bao is played in Malawi, so this page does not describe other local customs there. The examples come from games with the standard opening; the rules they show are the same.</p>`,
      },
      {
        id: 'board',
        figs: [
          ['mal-start', 'The Malawi start, South to move: {nyumba} seeds in the nyumba A5, {beside} each in A6 and A7, {hand} in each hand.'],
          ['ring-cw', 'Clockwise: R from a front pit (A1R sows into A2, A3, …) and L from a back pit (B1L sows into A1, A2, …).'],
          ['ring-acw', 'Anticlockwise: L from a front pit (A3L sows into A2, A1, …) and R from a back pit (B8R sows into A8, A7, …).'],
        ],
      },
      {
        id: 'namua',
        figs: [['mal-a6l', '@swa-a6l'], ['swa-kichwa'], ['swa-kichwa-a5l'], ['swa-kichwa-a5r']],
      },
    ],
    history: `<p>Bao is also played in Malawi, where it is known as Bawo, and official tournaments are held there. The oldest Bao board known, now in the British Museum, comes from Malawi and is no older than 1896. The source that names the Malawi opening, with {nyumba} seeds in the nyumba, gives no further details of the game as it is played there.</p>`,
  },

  kimasai: {
    sub: 'A Maasai game in two phases: first the herds are brought onto the board, then the cattle raids begin.',
    sections: [
      {
        id: 'what',
        title: 'What is {variant}?',
        html: `<p>Bao la Kimasai is a four-row mancala game of the Maasai herders of northern Tanzania, from the plains around Mount Kilimanjaro. Its words come from cattle keeping: the pits are enclosures (<i>enkang</i>, plural <i>inkang’ite</i>) and the pieces are cows (<i>engiteng</i>, plural <i>ingishu</i>). It is played in two phases: first each player brings the cows of their reserve onto the board, then the cattle raids begin.</p>`,
      },
      {
        id: 'board',
        title: 'The board and the start',
        html: `<p>Four rows of eight pits and no stores. Each player owns a front row, facing the opponent (A1–A8 for South, a1–a8 for North, numbered from the owner’s left), and a back row behind it (B1–B8, b1–b8). There is no nyumba.</p>
<p>At the start {perPit} cow stands in each of the sixteen front pits, the back rows are empty and each player keeps {hand} cows in reserve, {total} in all. South moves first.</p>
<p>All sowing runs <b>clockwise</b> around your own sixteen pits: along your front row towards A8, round into the back row, back along it towards B1 and up into A1 again. A move therefore needs no letter: it is written as its pit, e.g. <code>A3</code> or <code>b7</code>.</p>`,
        figs: [['ring-cw', 'Clockwise, the only direction in Bao la Kimasai: A1 → A8 → B8 → B1 → A1.']],
      },
      {
        id: 'phase1',
        title: 'Phase 1: bringing in the herds',
        html: `<p>While either reserve still holds cows:</p>
<ul>
<li>Put one cow from your reserve into any of your occupied pits, in the front or the back row, then lift all the cows of that pit and sow them clockwise, one per pit.</li>
<li>When the last cow of a lap falls into a pit that was occupied, lift all its cows and sow on (relay); when it falls into an empty pit, the move is over.</li>
<li>Nothing is captured in this phase.</li>
<li>South’s very first move takes no cow from the reserve: South just lifts the cow of one of the pits and sows it.</li>
</ul>`,
        figs: [
          ['mas-start', 'The start, South to move: {perPit} cow in each front pit, {hand} in each reserve. South opens with A3, without a cow from the reserve.'],
          ['mas-a3', 'A3: the single cow relays through A4, A6 and A8 into the back row, {laps} laps in all, and stops in B7, which was empty.'],
        ],
      },
      {
        id: 'phase2',
        title: 'Phase 2: cattle raids',
        html: `<p>When both reserves are empty, each move lifts all the cows of any of your occupied pits (a single cow is enough) and sows them clockwise, relaying as before. If a lap ends in one of your front pits that was occupied before the last cow fell, and the facing pit of your opponent holds cows, you raid it: take all its cows and sow them on clockwise, the first one into the raiding pit itself. The move then goes on from where that lap ends by the same rule: raid again, relay, or stop in an empty pit.</p>
<p>Raids happen by themselves: the only choice you make is the pit you start from. Cows in a back row can never be raided.</p>`,
        figs: [
          ['mas-raid', 'Phase 2, South to move. A8 holds {A8} cows and faces a1, which holds {a1}.'],
          ['mas-raid-a7', 'A7: its single cow falls into A8, which was occupied, so South raids a1. The first of the {capture1} cows goes into A8 itself, the next into B8, which was empty: the move is over.'],
        ],
      },
      {
        id: 'end',
        title: 'End of the game',
        html: `<ul>
<li>You win when your opponent’s front row is empty after your move. A raid that empties it ends the move at once; the raided cows stay in your reserve.</li>
<li>If your move empties your own front row, you lose. Beware of a last front cow in A8: it sows straight into the back row.</li>
<li>There are no draws, and cows are never counted.</li>
<li>A move whose relay sowing would go round for ever is not a legal move.</li>
</ul>`,
        figs: [
          ['mas-lone', 'Phase 2, South to move. South’s only front cow stands in A8.'],
          ['mas-lone-a8', 'A8 loses at once: the cow goes into B8, the relay runs on along the back row, and South’s front row is empty.'],
        ],
      },
    ],
    diff: [
      ['Board', kalahBoard, 'Four rows of eight pits and no stores; you own a front and a back row.'],
      ['Pieces', kalahSeeds, '{perPit} cow in each front pit and {hand} in each reserve, {total} in all.'],
      ['Direction', 'Anticlockwise around the whole board, through your own store but not your opponent’s.', 'Clockwise only, around your own sixteen pits.'],
      ['Phases', 'One.', 'Two: the herds come in from the reserves (no captures), then the raids.'],
      ['When a lap ends', 'The move is over; if the last seed fell into your store, you move again.', 'In an occupied pit the move goes on; only an empty pit ends it.'],
      ['Capturing', kalahCapture, 'Automatic, in phase two: a lap ending in an occupied front pit takes the cows facing it, and they are sown on from that same pit.'],
      ['Winning', kalahWin, 'Empty your opponent’s front row. Nothing is counted.'],
    ],
    history: `<p>Bao la Kimasai is a living tradition rather than a written one. Its rules were recorded in 2001 by David MacKay, who learned them from Moinget Ole Kuney, a Maasai health worker at a clinic near Kilimanjaro International Airport. Unlike most East African mancala games, which sow anticlockwise, it sows clockwise. No rules for the computer have been published; this site follows its own careful reading of MacKay’s record.</p>`,
    sources: ['David MacKay, documentation of Bao la Kimasai as taught by Moinget Ole Kuney, 2001.'],
  },
};
