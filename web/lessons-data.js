// The lessons of /learn/{variant} (web/learn.js): per variant, its steps in order. Each step is a position
// (docs/position.md), a goal (what the step asks for, as data: see below) and `expect`, the moves that reach the
// goal. The texts are in web/i18n/learn/<lang>.js, under <variant>.<id>.{title,task,hint,done}.
//
// crates/bao-core/tests/lessons.rs checks every step against the engine: the position is valid, and `expect` is
// exactly the set of legal moves that reach the goal (so each expected move is legal and does what the text
// says, and no other move does). A goal holds when all its keys hold for the move:
//   ends_in: PIT     the last seed sown lands in PIT
//   sows: PIT        the move sows at least one seed into PIT
//   relays: N        the sowing relays exactly N times
//   capture: PIT     the move's first capture takes the seeds of PIT
//   into: PIT        ... and sows them on from PIT (the kichwa)
//   safari: BOOL     the move goes on safari from the nyumba (or not)
//   takasia: PIT     after the move, the opponent's PIT is takasia
//   wins: BOOL       the move wins the game (or not)
export default {
  "kujifunza": [
    {"id": "sow", "position": {"variant": "kujifunza", "to_move": "south", "south": {"front": [0, 0, 3, 0, 0, 0, 0, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 0, "house": false}, "north": {"front": [2, 2, 2, 2, 2, 2, 2, 2], "back": [6, 6, 6, 6, 6, 6, 6, 3], "hand": 0, "house": false}, "takasia": null, "result": null}, "goal": {"ends_in": "A6"}, "expect": ["A3R"]},
    {"id": "relay", "position": {"variant": "kujifunza", "to_move": "south", "south": {"front": [0, 0, 3, 0, 0, 2, 0, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 0, "house": false}, "north": {"front": [2, 2, 0, 2, 2, 2, 2, 2], "back": [6, 6, 6, 6, 6, 6, 6, 3], "hand": 0, "house": false}, "takasia": null, "result": null}, "goal": {"relays": 1}, "expect": ["A3R"]},
    {"id": "capture", "position": {"variant": "kujifunza", "to_move": "south", "south": {"front": [0, 1, 2, 0, 1, 0, 0, 0], "back": [2, 0, 0, 0, 0, 0, 0, 0], "hand": 0, "house": false}, "north": {"front": [2, 0, 0, 3, 0, 0, 2, 0], "back": [6, 6, 6, 6, 6, 6, 6, 9], "hand": 0, "house": false}, "takasia": null, "result": null}, "goal": {"capture": "a4"}, "expect": ["A3R"]},
    {"id": "win", "position": {"variant": "kujifunza", "to_move": "south", "south": {"front": [0, 0, 0, 2, 0, 1, 0, 2], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 0, "house": false}, "north": {"front": [0, 0, 4, 0, 0, 0, 0, 0], "back": [8, 8, 8, 8, 8, 8, 7, 0], "hand": 0, "house": false}, "takasia": null, "result": null}, "goal": {"wins": true}, "expect": ["A4R", "A8L"]}
  ],
  "kiswahili": [
    {"id": "namua", "position": {"variant": "kiswahili", "to_move": "south", "south": {"front": [0, 0, 0, 0, 6, 1, 2, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 10, "house": true}, "north": {"front": [0, 3, 2, 0, 6, 0, 0, 0], "back": [3, 3, 3, 3, 3, 3, 3, 3], "hand": 10, "house": true}, "takasia": null, "result": null}, "goal": {"capture": "a2"}, "expect": ["A7R"]},
    {"id": "kichwa", "position": {"variant": "kiswahili", "to_move": "south", "south": {"front": [0, 0, 0, 0, 6, 1, 2, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 10, "house": true}, "north": {"front": [0, 3, 2, 0, 6, 0, 0, 0], "back": [3, 3, 3, 3, 3, 3, 3, 3], "hand": 10, "house": true}, "takasia": null, "result": null}, "goal": {"capture": "a3", "into": "A1"}, "expect": ["A6L"]},
    {"id": "safari", "position": {"variant": "kiswahili", "to_move": "south", "south": {"front": [0, 2, 1, 0, 8, 0, 3, 4], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 9, "house": true}, "north": {"front": [6, 5, 2, 0, 8, 4, 3, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 9, "house": true}, "takasia": null, "result": null}, "goal": {"safari": true}, "expect": ["A3R+", "A8R+"]},
    {"id": "takasia", "position": {"variant": "kiswahili", "to_move": "south", "south": {"front": [2, 0, 0, 0, 2, 0, 0, 0], "back": [16, 0, 0, 0, 0, 0, 0, 0], "hand": 0, "house": false}, "north": {"front": [2, 0, 0, 0, 0, 3, 0, 0], "back": [16, 16, 7, 0, 0, 0, 0, 0], "hand": 0, "house": false}, "takasia": null, "result": null}, "goal": {"takasia": "a6"}, "expect": ["A1R", "A5L"]}
  ],
  "kiswahili-malawi": [
    {"id": "start", "position": {"variant": "kiswahili-malawi", "to_move": "south", "south": {"front": [0, 0, 0, 0, 8, 2, 2, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 20, "house": true}, "north": {"front": [0, 0, 0, 0, 8, 2, 2, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 20, "house": true}, "takasia": null, "result": null}, "goal": {"sows": "A5"}, "expect": ["A6L", "A7L"]}
  ],
  "kimasai": [
    {"id": "first", "position": {"variant": "kimasai", "to_move": "south", "south": {"front": [1, 1, 1, 1, 1, 1, 1, 1], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 24, "house": false}, "north": {"front": [1, 1, 1, 1, 1, 1, 1, 1], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 24, "house": false}, "takasia": null, "result": null}, "goal": {"relays": 4}, "expect": ["A1"]},
    {"id": "reserve", "position": {"variant": "kimasai", "to_move": "south", "south": {"front": [0, 0, 2, 0, 2, 0, 2, 0], "back": [0, 0, 0, 0, 0, 0, 1, 1], "hand": 24, "house": false}, "north": {"front": [1, 1, 1, 1, 1, 1, 0, 2], "back": [0, 0, 0, 0, 0, 0, 0, 1], "hand": 23, "house": false}, "takasia": null, "result": null}, "goal": {"relays": 1}, "expect": ["A7"]},
    {"id": "capture", "position": {"variant": "kimasai", "to_move": "south", "south": {"front": [0, 0, 1, 1, 0, 0, 2, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 0, "house": false}, "north": {"front": [2, 0, 0, 0, 3, 0, 1, 0], "back": [8, 8, 8, 8, 8, 8, 6, 0], "hand": 0, "house": false}, "takasia": null, "result": null}, "goal": {"capture": "a5"}, "expect": ["A3"]},
    {"id": "win", "position": {"variant": "kimasai", "to_move": "south", "south": {"front": [0, 1, 1, 0, 0, 0, 1, 0], "back": [0, 0, 0, 0, 0, 0, 0, 0], "hand": 0, "house": false}, "north": {"front": [0, 0, 0, 0, 0, 3, 0, 0], "back": [8, 8, 8, 8, 8, 8, 8, 2], "hand": 0, "house": false}, "takasia": null, "result": null}, "goal": {"wins": true}, "expect": ["A2"]}
  ]
};
