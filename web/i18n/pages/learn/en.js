// The lessons page's own words (web/learn.html, web/learn.js), in English: web/i18n.js loads them for <body
// data-i18n-page="learn">, with the shared words of web/i18n/en.js (a key is in one of the two only). The lessons'
// texts are in web/i18n/learn/.
export default {
  'learn.title': 'Learn Bao',
  'learn.lead': 'Short steps on a real board, from the first sowing to a win. Each step asks for one move; the server plays it and shows you what it did.',
  'learn.unknown': 'There are no lessons for this game.',
  'learn.retry': 'Try again',
  'learn.next': 'Next step',
  'learn.play': 'Play a game',
  'learn.progress': '{done} of {total} steps done',
  'learn.solved': 'done',
  'learn.course': 'Learn {variant}',
  'learn.stepTitle': 'Step {n} of {total}: {title}',
  'learn.welldone': 'Well done!',
  'learn.wrong': '{move} is a legal move, but not what this step asks for.',
  'learn.yourMove': 'What {move} did:',
  'learn.testShort': "Test",
  'learn.testTitle': "Test yourself: {title}",
  'learn.practice': "Play it out against the computer",
  'learn.practiceYours': "Your move (South). The computer plays North.",
  'learn.practiceThinking': "The computer is thinking…",
  'learn.practiceWon': "You won the game against the computer.",
  'learn.practiceLost': "The computer won this time. Try the step again.",
  'learn.computerMove': "What the computer’s {move} did:",
};
