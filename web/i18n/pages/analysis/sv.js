// The analysis board's own words, in Swedish: the same keys as en.js.
export default {
  'analysis.title': 'Analysbräde',
  'analysis.variant': 'Spel',
  'analysis.flip': 'Vänd brädet',
  'analysis.engine': 'Datorn',
  'analysis.ask': 'Bästa draget',
  'analysis.noMoves': 'Spela ett drag för vilken sida som helst på brädet, eller skriv det.',
  'analysis.position': 'Ställning',
  'analysis.paste': 'Ställning (JSON): klistra in en, eller kopiera den här',
  'analysis.load': 'Ställ upp den här ställningen',
  'analysis.start': 'Startställning',
  'analysis.toMove': '{side} ska dra.',
  'analysis.moveTitle': 'Drag {n}, {side}: {move}',
  'analysis.thinking': 'Datorn tänker…',
  'analysis.best': 'Bästa draget: {move} (poäng {score}, djup {depth})',
  'analysis.notJson': 'Det där är ingen ställning i JSON: {message}',
};
