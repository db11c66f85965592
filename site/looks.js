// The gallery's looks: each a set of public options (the names of docs/options.md), nothing else. The gallery
// previews them and the configurator opens them (configure.html#look=koi-pond or the values themselves).
export const LOOKS = [
  {
    id: 'koi-pond',
    title: 'Koi pond',
    text: 'The default school on water: a pond behind a landing page.',
    options: { fish: 120, palette: 'koi', water: 1, opacity: 0.9 },
  },
  {
    id: 'goldfish',
    title: 'Goldfish',
    text: 'A few large, slow goldfish: a calm corner of a portfolio.',
    options: { fish: 24, palette: 'goldfish', fishSize: 1.8, maxSpeed: 55, opacity: 0.8 },
  },
  {
    id: 'ink',
    title: 'Ink',
    text: 'Ink strokes over paper: strong enough to see, quiet behind text.',
    options: { fish: 160, palette: 'ink', opacity: 0.8 },
  },
  {
    id: 'neon',
    title: 'Neon',
    text: 'A bright school for a dark page; a click scatters it.',
    options: { fish: 220, palette: 'neon', opacity: 0.9, click: 'scare' },
    dark: true,
  },
  {
    id: 'water',
    title: 'Water',
    text: 'Water and ripples with a handful of koi: a click feeds them.',
    options: { fish: 40, palette: 'koi', water: 1, opacity: 1, fishSize: 1.3 },
  },
  {
    id: 'whisper',
    title: 'Behind the text',
    text: 'Small and faint: a school you notice on the second look.',
    options: { fish: 300, palette: 'ink', opacity: 0.3, fishSize: 0.6 },
  },
  {
    id: 'qr-landing',
    title: 'QR landing',
    text: 'The school lands as a QR code of the page, then swims on: a poster or a talk’s last slide.',
    options: { fish: 400, palette: 'ink', opacity: 0.9, fishSize: 0.7 },
    qr: true,
  },
];

export function lookById(id) {
  return LOOKS.find((look) => look.id === id) || null;
}
