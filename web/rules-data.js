// The rules pages' boards and numbers, in one place: web/rules.js draws the figures and fills the texts'
// {placeholders} from it, and crates/bao-core/tests/rules_pages.rs checks all of it against the engine
// (`BAO_BLESS=1 cargo test -p bao-core --test rules_pages` recomputes positions, traces and fact values after
// a figure's `line` or `move` was edited). Plain JSON after `export default`; positions as in spec/position.md.
//
// facts.VARIANT: numbers of the start position the texts quote. ring: South's pits in clockwise order, and one
// move per row and letter with the pits it sows first. figures.ID: a board, either reached by `line` (moves
// from the start of `variant`) or after `move` played from figure `from` (with the engine's `trace`); `show`
// marks pits a caption talks about; `facts` are the numbers its caption quotes.
export default {
  "facts": {
    "kujifunza": {
      "perPit": 2,
      "total": 64
    },
    "kiswahili": {
      "nyumba": 6,
      "beside": 2,
      "hand": 22,
      "onBoard": 10,
      "total": 64
    },
    "kiswahili-malawi": {
      "nyumba": 8,
      "beside": 2,
      "hand": 20,
      "onBoard": 12,
      "total": 64
    },
    "kimasai": {
      "perPit": 1,
      "hand": 24,
      "onBoard": 8,
      "total": 64
    }
  },
  "ring": {
    "clockwise": ["A1","A2","A3","A4","A5","A6","A7","A8","B8","B7","B6","B5","B4","B3","B2","B1"],
    "examples": [
      {"variant":"kujifunza","move":"A1R","first":["A2","A3"],"clockwise":true},
      {"variant":"kujifunza","move":"A3L","first":["A2","A1"],"clockwise":false},
      {"variant":"kujifunza","move":"B1L","first":["A1","A2"],"clockwise":true},
      {"variant":"kujifunza","move":"B8R","first":["A8","A7"],"clockwise":false}
    ]
  },
  "figures": {
    "kuj-start": {
      "variant": "kujifunza",
      "line": [],
      "show": ["A7"],
      "position": {"variant":"kujifunza","to_move":"south","south":{"front":[2,2,2,2,2,2,2,2],"back":[2,2,2,2,2,2,2,2],"hand":0,"house":false},"north":{"front":[2,2,2,2,2,2,2,2],"back":[2,2,2,2,2,2,2,2],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-a7l": {
      "from": "kuj-start",
      "move": "A7L",
      "facts": {"lift":2,"capture1":2},
      "trace": [
        {"step":"lift","pit":"A7","count":2},
        {"step":"sow","pit":"A6"},
        {"step":"sow","pit":"A5"},
        {"step":"capture","pit":"a4","count":2,"into":"A8"},
        {"step":"sow","pit":"A8"},
        {"step":"sow","pit":"A7"}
      ],
      "position": {"variant":"kujifunza","to_move":"north","south":{"front":[2,2,2,2,3,3,1,3],"back":[2,2,2,2,2,2,2,2],"hand":0,"house":false},"north":{"front":[2,2,2,0,2,2,2,2],"back":[2,2,2,2,2,2,2,2],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-chain": {
      "variant": "kujifunza",
      "line": ["A6L","b7R","B7R","a5R","B8R","b8R"],
      "show": ["A5"],
      "facts": {"A5":2,"a2":1,"a3":1},
      "position": {"variant":"kujifunza","to_move":"south","south":{"front":[4,3,0,1,2,0,8,1],"back":[0,6,2,1,5,0,1,2],"hand":0,"house":false},"north":{"front":[0,1,1,1,1,5,4,3],"back":[2,2,2,2,2,2,0,0],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-chain-a5r": {
      "from": "kuj-chain",
      "move": "A5R",
      "facts": {"lift":2,"capture1":1,"relay1":2,"capture2":1},
      "trace": [
        {"step":"lift","pit":"A5","count":2},
        {"step":"sow","pit":"A6"},
        {"step":"sow","pit":"A7"},
        {"step":"capture","pit":"a2","count":1,"into":"A8"},
        {"step":"sow","pit":"A8"},
        {"step":"relay","pit":"A8","count":2},
        {"step":"sow","pit":"A7"},
        {"step":"sow","pit":"A6"},
        {"step":"capture","pit":"a3","count":1,"into":"A8"},
        {"step":"sow","pit":"A8"}
      ],
      "position": {"variant":"kujifunza","to_move":"north","south":{"front":[4,3,0,1,0,2,10,1],"back":[0,6,2,1,5,0,1,2],"hand":0,"house":false},"north":{"front":[0,0,0,1,1,5,4,3],"back":[2,2,2,2,2,2,0,0],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-takasa": {
      "variant": "kujifunza",
      "line": ["A1R","a3R","B8R","a8L","A6L","a3R","B2L","a2R","B4L","b6R","B7R","a2R","A7L","a7L","B1L","a4R","B8R","b7L","A6L","b3L","B3L","a4L","A2R","b2L","A1R","b1L","A2R","a1R","A3R","a3L","A5R","a6L","A3R","a8L","B2L","b7R","B1L","b3L"],
      "show": ["B4"],
      "facts": {"B4":2},
      "position": {"variant":"kujifunza","to_move":"south","south":{"front":[1,1,1,0,1,0,1,0],"back":[0,0,1,2,1,1,1,1],"hand":0,"house":false},"north":{"front":[2,11,1,6,1,3,2,3],"back":[5,4,2,3,2,3,3,1],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-takasa-b4r": {
      "from": "kuj-takasa",
      "move": "B4R",
      "facts": {"laps":7},
      "trace": [
        {"step":"lift","pit":"B4","count":2},
        {"step":"sow","pit":"B5"},
        {"step":"sow","pit":"B6"},
        {"step":"relay","pit":"B6","count":2},
        {"step":"sow","pit":"B7"},
        {"step":"sow","pit":"B8"},
        {"step":"relay","pit":"B8","count":2},
        {"step":"sow","pit":"A8"},
        {"step":"sow","pit":"A7"},
        {"step":"relay","pit":"A7","count":2},
        {"step":"sow","pit":"A6"},
        {"step":"sow","pit":"A5"},
        {"step":"relay","pit":"A5","count":2},
        {"step":"sow","pit":"A4"},
        {"step":"sow","pit":"A3"},
        {"step":"relay","pit":"A3","count":2},
        {"step":"sow","pit":"A2"},
        {"step":"sow","pit":"A1"},
        {"step":"relay","pit":"A1","count":2},
        {"step":"sow","pit":"B1"},
        {"step":"sow","pit":"B2"}
      ],
      "position": {"variant":"kujifunza","to_move":"north","south":{"front":[0,2,0,1,0,1,0,1],"back":[1,1,1,0,2,0,2,0],"hand":0,"house":false},"north":{"front":[2,11,1,6,1,3,2,3],"back":[5,4,2,3,2,3,3,1],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-big": {
      "variant": "kujifunza",
      "line": ["B7R","a7L","A5L","a5L","A2R","a4R","B2L","b1L","A8R","b2L","B6R","b8R","A6R","a8L","B8L","b7R","B2L","b4L"],
      "show": ["A5"],
      "facts": {"A5":16},
      "position": {"variant":"kujifunza","to_move":"south","south":{"front":[1,1,4,2,16,5,0,2],"back":[4,1,2,4,5,3,2,1],"hand":0,"house":false},"north":{"front":[0,0,0,0,0,1,0,0],"back":[1,1,3,0,2,2,0,1],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-big-a5l": {
      "from": "kuj-big",
      "move": "A5L",
      "facts": {"lift":16},
      "trace": [
        {"step":"lift","pit":"A5","count":16},
        {"step":"sow","pit":"A4"},
        {"step":"sow","pit":"A3"},
        {"step":"sow","pit":"A2"},
        {"step":"sow","pit":"A1"},
        {"step":"sow","pit":"B1"},
        {"step":"sow","pit":"B2"},
        {"step":"sow","pit":"B3"},
        {"step":"sow","pit":"B4"},
        {"step":"sow","pit":"B5"},
        {"step":"sow","pit":"B6"},
        {"step":"sow","pit":"B7"},
        {"step":"sow","pit":"B8"},
        {"step":"sow","pit":"A8"},
        {"step":"sow","pit":"A7"},
        {"step":"sow","pit":"A6"},
        {"step":"sow","pit":"A5"}
      ],
      "position": {"variant":"kujifunza","to_move":"north","south":{"front":[2,2,5,3,1,6,1,3],"back":[5,2,3,5,6,4,3,2],"hand":0,"house":false},"north":{"front":[0,0,0,0,0,1,0,0],"back":[1,1,3,0,2,2,0,1],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-win": {
      "variant": "kujifunza",
      "line": ["A3R","b2L","A5L","a5R","B3L","b1R"],
      "show": ["A5"],
      "position": {"variant":"kujifunza","to_move":"south","south":{"front":[1,0,7,11,2,1,1,4],"back":[0,3,1,5,2,4,4,1],"hand":0,"house":false},"north":{"front":[0,0,0,0,0,1,0,0],"back":[0,2,4,0,1,4,4,1],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "kuj-win-a5l": {
      "from": "kuj-win",
      "move": "A5L",
      "facts": {"capture1":1},
      "trace": [
        {"step":"lift","pit":"A5","count":2},
        {"step":"sow","pit":"A4"},
        {"step":"sow","pit":"A3"},
        {"step":"capture","pit":"a6","count":1,"into":"A8"},
        {"step":"win","winner":"south","reason":"front_row_empty"}
      ],
      "position": {"variant":"kujifunza","to_move":"north","south":{"front":[1,0,8,12,0,1,1,4],"back":[0,3,1,5,2,4,4,1],"hand":1,"house":false},"north":{"front":[0,0,0,0,0,0,0,0],"back":[0,2,4,0,1,4,4,1],"hand":0,"house":false},"takasia":null,"result":{"winner":"south","reason":"front_row_empty"}}
    },
    "swa-start": {
      "variant": "kiswahili",
      "line": [],
      "show": ["A6","A7"],
      "position": {"variant":"kiswahili","to_move":"south","south":{"front":[0,0,0,0,6,2,2,0],"back":[0,0,0,0,0,0,0,0],"hand":22,"house":true},"north":{"front":[0,0,0,0,6,2,2,0],"back":[0,0,0,0,0,0,0,0],"hand":22,"house":true},"takasia":null,"result":null}
    },
    "swa-a6l": {
      "from": "swa-start",
      "move": "A6L",
      "facts": {"lift":3,"hand.south":21},
      "trace": [
        {"step":"hand","pit":"A6"},
        {"step":"lift","pit":"A6","count":3},
        {"step":"sow","pit":"A5"},
        {"step":"sow","pit":"A4"},
        {"step":"sow","pit":"A3"}
      ],
      "position": {"variant":"kiswahili","to_move":"north","south":{"front":[0,0,1,1,7,0,2,0],"back":[0,0,0,0,0,0,0,0],"hand":21,"house":true},"north":{"front":[0,0,0,0,6,2,2,0],"back":[0,0,0,0,0,0,0,0],"hand":22,"house":true},"takasia":null,"result":null}
    },
    "swa-kichwa": {
      "variant": "kiswahili",
      "line": ["A7R","a6L"],
      "show": ["A5","A6"],
      "position": {"variant":"kiswahili","to_move":"south","south":{"front":[0,0,0,0,6,2,0,1],"back":[0,0,0,0,0,0,1,1],"hand":21,"house":true},"north":{"front":[0,0,1,1,7,0,2,0],"back":[0,0,0,0,0,0,0,0],"hand":21,"house":true},"takasia":null,"result":null}
    },
    "swa-kichwa-a5l": {
      "from": "swa-kichwa",
      "move": "A5L",
      "facts": {"capture1":1},
      "trace": [
        {"step":"hand","pit":"A5"},
        {"step":"capture","pit":"a4","count":1,"into":"A1"},
        {"step":"sow","pit":"A1"}
      ],
      "position": {"variant":"kiswahili","to_move":"north","south":{"front":[1,0,0,0,7,2,0,1],"back":[0,0,0,0,0,0,1,1],"hand":20,"house":true},"north":{"front":[0,0,1,0,7,0,2,0],"back":[0,0,0,0,0,0,0,0],"hand":21,"house":true},"takasia":null,"result":null}
    },
    "swa-kichwa-a5r": {
      "from": "swa-kichwa",
      "move": "A5R",
      "facts": {"capture1":1,"relay1":2,"capture2":1},
      "trace": [
        {"step":"hand","pit":"A5"},
        {"step":"capture","pit":"a4","count":1,"into":"A8"},
        {"step":"sow","pit":"A8"},
        {"step":"relay","pit":"A8","count":2},
        {"step":"sow","pit":"A7"},
        {"step":"sow","pit":"A6"},
        {"step":"capture","pit":"a3","count":1,"into":"A8"},
        {"step":"sow","pit":"A8"}
      ],
      "position": {"variant":"kiswahili","to_move":"north","south":{"front":[0,0,0,0,7,3,1,1],"back":[0,0,0,0,0,0,1,1],"hand":20,"house":true},"north":{"front":[0,0,0,0,7,0,2,0],"back":[0,0,0,0,0,0,0,0],"hand":21,"house":true},"takasia":null,"result":null}
    },
    "swa-nyumba": {
      "variant": "kiswahili",
      "line": ["A6R","a7R","A7L","a6L"],
      "show": ["A8","A5"],
      "facts": {"A5":7},
      "position": {"variant":"kiswahili","to_move":"south","south":{"front":[0,0,0,1,7,1,0,1],"back":[0,0,0,0,0,0,0,1],"hand":20,"house":true},"north":{"front":[1,0,0,0,6,3,0,1],"back":[0,0,0,0,0,0,1,1],"hand":20,"house":true},"takasia":null,"result":null}
    },
    "swa-nyumba-a8r": {
      "from": "swa-nyumba",
      "move": "A8R",
      "facts": {"A5":8},
      "trace": [
        {"step":"hand","pit":"A8"},
        {"step":"capture","pit":"a1","count":1,"into":"A8"},
        {"step":"sow","pit":"A8"},
        {"step":"relay","pit":"A8","count":3},
        {"step":"sow","pit":"A7"},
        {"step":"sow","pit":"A6"},
        {"step":"sow","pit":"A5"},
        {"step":"nyumba_stop","pit":"A5"}
      ],
      "position": {"variant":"kiswahili","to_move":"north","south":{"front":[0,0,0,1,8,2,1,0],"back":[0,0,0,0,0,0,0,1],"hand":19,"house":true},"north":{"front":[0,0,0,0,6,3,0,1],"back":[0,0,0,0,0,0,1,1],"hand":20,"house":true},"takasia":null,"result":null}
    },
    "swa-nyumba-a8r-safari": {
      "from": "swa-nyumba",
      "move": "A8R+",
      "facts": {"safari":8},
      "trace": [
        {"step":"hand","pit":"A8"},
        {"step":"capture","pit":"a1","count":1,"into":"A8"},
        {"step":"sow","pit":"A8"},
        {"step":"relay","pit":"A8","count":3},
        {"step":"sow","pit":"A7"},
        {"step":"sow","pit":"A6"},
        {"step":"sow","pit":"A5"},
        {"step":"safari","pit":"A5","count":8},
        {"step":"sow","pit":"A4"},
        {"step":"sow","pit":"A3"},
        {"step":"sow","pit":"A2"},
        {"step":"sow","pit":"A1"},
        {"step":"sow","pit":"B1"},
        {"step":"sow","pit":"B2"},
        {"step":"sow","pit":"B3"},
        {"step":"sow","pit":"B4"}
      ],
      "position": {"variant":"kiswahili","to_move":"north","south":{"front":[1,1,1,2,0,2,1,0],"back":[1,1,1,1,0,0,0,1],"hand":19,"house":false},"north":{"front":[0,0,0,0,6,3,0,1],"back":[0,0,0,0,0,0,1,1],"hand":20,"house":true},"takasia":null,"result":null}
    },
    "swa-tax": {
      "variant": "kiswahili",
      "line": ["A6R","a6R","A8R","a8R","A7R","a7R","A8R","a8R"],
      "show": ["A5"],
      "facts": {"A5":6},
      "position": {"variant":"kiswahili","to_move":"south","south":{"front":[0,0,0,0,6,0,0,0],"back":[0,0,0,1,1,2,0,4],"hand":18,"house":true},"north":{"front":[0,0,0,0,6,0,0,0],"back":[0,0,0,1,1,2,0,4],"hand":18,"house":true},"takasia":null,"result":null}
    },
    "swa-tax-a5l": {
      "from": "swa-tax",
      "move": "A5L",
      "facts": {"lift":2,"A5":5},
      "trace": [
        {"step":"hand","pit":"A5"},
        {"step":"lift","pit":"A5","count":2,"tax":true},
        {"step":"sow","pit":"A4"},
        {"step":"sow","pit":"A3"}
      ],
      "position": {"variant":"kiswahili","to_move":"north","south":{"front":[0,0,1,1,5,0,0,0],"back":[0,0,0,1,1,2,0,4],"hand":17,"house":true},"north":{"front":[0,0,0,0,6,0,0,0],"back":[0,0,0,1,1,2,0,4],"hand":18,"house":true},"takasia":null,"result":null}
    },
    "swa-takasia": {
      "variant": "kiswahili",
      "line": ["A6L","a5L","A3L","a7R","A1L","a5R","A2L","a5L","A6R","a4R","A8R","a4L","A6L","a6R","A5L","a2L","A6L","a6L","A1L","a3L","A5L","a6L","A2L","a4R","A4R","a8R","A4R","a7R","A4L","a8R","A6R","a4L","A4L","a2L","A6L","a6R","A2L","a4R","A3L","a4L","A1L","a2L","A4L","a2L"],
      "show": ["A5"],
      "position": {"variant":"kiswahili","to_move":"south","south":{"front":[6,1,6,0,2,8,0,0],"back":[0,0,1,1,0,2,1,1],"hand":0,"house":false},"north":{"front":[0,14,4,1,0,0,0,0],"back":[0,2,1,3,1,3,3,3],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "swa-takasia-a5r": {
      "from": "swa-takasia",
      "move": "A5R",
      "facts": {"a2":14},
      "trace": [
        {"step":"lift","pit":"A5","count":2},
        {"step":"sow","pit":"A6"},
        {"step":"sow","pit":"A7"}
      ],
      "position": {"variant":"kiswahili","to_move":"north","south":{"front":[6,1,6,0,0,9,1,0],"back":[0,0,1,1,0,2,1,1],"hand":0,"house":false},"north":{"front":[0,14,4,1,0,0,0,0],"back":[0,2,1,3,1,3,3,3],"hand":0,"house":false},"takasia":"a2","result":null}
    },
    "mal-start": {
      "variant": "kiswahili-malawi",
      "line": [],
      "show": ["A5","A6","A7"],
      "position": {"variant":"kiswahili-malawi","to_move":"south","south":{"front":[0,0,0,0,8,2,2,0],"back":[0,0,0,0,0,0,0,0],"hand":20,"house":true},"north":{"front":[0,0,0,0,8,2,2,0],"back":[0,0,0,0,0,0,0,0],"hand":20,"house":true},"takasia":null,"result":null}
    },
    "mal-a6l": {
      "from": "mal-start",
      "move": "A6L",
      "facts": {"lift":3,"hand.south":19},
      "trace": [
        {"step":"hand","pit":"A6"},
        {"step":"lift","pit":"A6","count":3},
        {"step":"sow","pit":"A5"},
        {"step":"sow","pit":"A4"},
        {"step":"sow","pit":"A3"}
      ],
      "position": {"variant":"kiswahili-malawi","to_move":"north","south":{"front":[0,0,1,1,9,0,2,0],"back":[0,0,0,0,0,0,0,0],"hand":19,"house":true},"north":{"front":[0,0,0,0,8,2,2,0],"back":[0,0,0,0,0,0,0,0],"hand":20,"house":true},"takasia":null,"result":null}
    },
    "mas-start": {
      "variant": "kimasai",
      "line": [],
      "show": ["A3"],
      "position": {"variant":"kimasai","to_move":"south","south":{"front":[1,1,1,1,1,1,1,1],"back":[0,0,0,0,0,0,0,0],"hand":24,"house":false},"north":{"front":[1,1,1,1,1,1,1,1],"back":[0,0,0,0,0,0,0,0],"hand":24,"house":false},"takasia":null,"result":null}
    },
    "mas-a3": {
      "from": "mas-start",
      "move": "A3",
      "facts": {"laps":4},
      "trace": [
        {"step":"lift","pit":"A3","count":1},
        {"step":"sow","pit":"A4"},
        {"step":"relay","pit":"A4","count":2},
        {"step":"sow","pit":"A5"},
        {"step":"sow","pit":"A6"},
        {"step":"relay","pit":"A6","count":2},
        {"step":"sow","pit":"A7"},
        {"step":"sow","pit":"A8"},
        {"step":"relay","pit":"A8","count":2},
        {"step":"sow","pit":"B8"},
        {"step":"sow","pit":"B7"}
      ],
      "position": {"variant":"kimasai","to_move":"north","south":{"front":[1,1,0,0,2,0,2,0],"back":[0,0,0,0,0,0,1,1],"hand":24,"house":false},"north":{"front":[1,1,1,1,1,1,1,1],"back":[0,0,0,0,0,0,0,0],"hand":24,"house":false},"takasia":null,"result":null}
    },
    "mas-raid": {
      "variant": "kimasai",
      "line": ["A6","a7","A1","a5","A6","a2","A4","a1","A5","b7","B8","a6","B6","a4","B5","a5","A6","b2","B7","b4","B3","b5","B2","a8","A7","a5","A8","a6","B1","b8","A3","a7","A1","a2","A6","b3","B6","a8","B2","a5","B4","a5","B5","a1","A5","b7","B7","a4","B2","a1","B6","b1","A6","a7"],
      "show": ["A7","A8"],
      "facts": {"A8":5,"a1":2},
      "position": {"variant":"kimasai","to_move":"south","south":{"front":[0,5,0,1,0,0,1,5],"back":[0,1,1,3,5,1,2,0],"hand":0,"house":false},"north":{"front":[2,2,6,2,3,1,1,6],"back":[3,0,1,2,4,4,0,2],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "mas-raid-a7": {
      "from": "mas-raid",
      "move": "A7",
      "facts": {"capture1":2},
      "trace": [
        {"step":"lift","pit":"A7","count":1},
        {"step":"sow","pit":"A8"},
        {"step":"capture","pit":"a1","count":2,"into":"A8"},
        {"step":"sow","pit":"A8"},
        {"step":"sow","pit":"B8"}
      ],
      "position": {"variant":"kimasai","to_move":"north","south":{"front":[0,5,0,1,0,0,0,7],"back":[0,1,1,3,5,1,2,1],"hand":0,"house":false},"north":{"front":[0,2,6,2,3,1,1,6],"back":[3,0,1,2,4,4,0,2],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "mas-lone": {
      "variant": "kimasai",
      "line": ["A5","a7","A4","a4","A3","b8","A8","a2","A2","a1","B4","b7","A8","a7","A3","a2","B4","b4","A7","a8","A3","a3","A5","a7","B8","b7","B6","b8","A2","b7","A3","a8","A1","a6","A4","b1","A2","b2","A8","a5","A1","b2","A5","a6","A2","a8","B6","a1","B5","b1"],
      "show": ["A8"],
      "position": {"variant":"kimasai","to_move":"south","south":{"front":[0,0,0,0,0,0,0,1],"back":[3,2,2,8,0,0,0,1],"hand":0,"house":false},"north":{"front":[4,1,5,9,7,0,8,2],"back":[3,0,1,0,1,0,5,1],"hand":0,"house":false},"takasia":null,"result":null}
    },
    "mas-lone-a8": {
      "from": "mas-lone",
      "move": "A8",
      "trace": [
        {"step":"lift","pit":"A8","count":1},
        {"step":"sow","pit":"B8"},
        {"step":"relay","pit":"B8","count":2},
        {"step":"sow","pit":"B7"},
        {"step":"sow","pit":"B6"},
        {"step":"win","winner":"north","reason":"front_row_empty"}
      ],
      "position": {"variant":"kimasai","to_move":"north","south":{"front":[0,0,0,0,0,0,0,0],"back":[3,2,2,8,0,1,1,0],"hand":0,"house":false},"north":{"front":[4,1,5,9,7,0,8,2],"back":[3,0,1,0,1,0,5,1],"hand":0,"house":false},"takasia":null,"result":{"winner":"north","reason":"front_row_empty"}}
    }
  }
};
