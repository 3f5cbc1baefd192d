// The lessons page's own words, in Swedish: the same keys as en.js.
export default {
  'learn.title': 'Lär dig Bao',
  'learn.lead': 'Korta steg på ett riktigt bräde, från den första sådden till en vinst. Varje steg ber om ett drag; servern spelar det och visar vad det gjorde.',
  'learn.unknown': 'Det finns inga lektioner för det här spelet.',
  'learn.retry': 'Försök igen',
  'learn.next': 'Nästa steg',
  'learn.play': 'Spela ett parti',
  'learn.progress': '{done} av {total} steg klara',
  'learn.solved': 'klart',
  'learn.course': 'Lär dig {variant}',
  'learn.stepTitle': 'Steg {n} av {total}: {title}',
  'learn.welldone': 'Bra gjort!',
  'learn.wrong': '{move} är ett tillåtet drag, men inte det som steget ber om.',
  'learn.yourMove': 'Vad {move} gjorde:',
};
