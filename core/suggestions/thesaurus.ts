/**
 * A small hand-written bilingual thesaurus of common business words for name ideas. Each entry is
 * one meaning: English words (the first is the head word, the rest English synonyms) and Turkish
 * words (the first is the usual translation). Look-ups work both ways and on folded ASCII, so
 * "dükkan", "dukkan" and "DÜKKAN" all find the "shop" entry. Single words only (a label has no
 * spaces). Pure data plus a look-up.
 */
import { foldToAscii, stemCandidates } from "./text";

export interface ThesaurusEntry {
  readonly en: readonly string[];
  readonly tr: readonly string[];
}

const e = (en: string, tr: string): ThesaurusEntry => ({
  en: en.split(" ").filter(Boolean),
  tr: tr.split(" ").filter(Boolean),
});

export const THESAURUS: readonly ThesaurusEntry[] = [
  // food and drink
  e("coffee cafe espresso brew bean", "kahve kahveci"),
  e("tea chai", "çay"),
  e("bakery bake bread oven", "fırın ekmek"),
  e("bread loaf", "ekmek"),
  e("cake sweet dessert", "pasta kek tatlı"),
  e("sweet candy sugar", "tatlı şeker"),
  e("chocolate cocoa", "çikolata kakao"),
  e("food eat meal", "yemek gıda"),
  e("kitchen cook", "mutfak"),
  e("chef cook", "şef aşçı"),
  e("restaurant bistro diner eatery", "restoran lokanta"),
  e("wine vino vine", "şarap"),
  e("beer brew ale", "bira"),
  e("milk dairy", "süt"),
  e("honey nectar", "bal"),
  e("fruit", "meyve"),
  e("olive", "zeytin"),
  e("oil", "yağ"),
  e("meat", "et"),
  e("butcher", "kasap"),
  e("fish seafood", "balık"),
  e("pizza", "pizza"),
  e("burger", "burger"),
  e("organic bio natural", "organik"),
  e("fresh crisp pure", "taze"),
  // shops and trade
  e("shop store market mart outlet", "dükkan mağaza"),
  e("store shop", "mağaza"),
  e("market bazaar mart", "pazar market çarşı"),
  e("shopping", "alışveriş"),
  e("basket cart", "sepet"),
  e("sale deal discount", "indirim satış"),
  e("deal offer bargain", "fırsat"),
  e("price cost", "fiyat"),
  e("cheap budget", "ucuz"),
  e("free", "ücretsiz bedava"),
  e("gift present", "hediye"),
  e("trade commerce", "ticaret"),
  e("delivery courier express", "teslimat kurye"),
  e("cargo freight", "kargo"),
  e("order", "sipariş"),
  // business
  e("business biz venture", "iş işletme"),
  e("company firm corp", "şirket firma"),
  e("work job", "iş"),
  e("job career hire", "iş"),
  e("career", "kariyer"),
  e("team crew squad", "takım ekip"),
  e("agency bureau", "ajans"),
  e("brand label", "marka"),
  e("marketing promo", "pazarlama"),
  e("consulting advisory", "danışmanlık"),
  e("money cash fund", "para"),
  e("pay payment checkout", "ödeme"),
  e("bank", "banka"),
  e("finance capital", "finans"),
  e("invest capital", "yatırım"),
  e("law legal", "hukuk"),
  e("lawyer attorney counsel", "avukat"),
  e("office desk", "ofis büro"),
  e("center hub", "merkez"),
  // tech
  e("tech digital", "teknoloji"),
  e("code dev script", "kod"),
  e("software app soft", "yazılım"),
  e("app", "uygulama"),
  e("cloud sky", "bulut"),
  e("data info", "veri"),
  e("web net site online", "web"),
  e("internet net web", "internet"),
  e("computer pc", "bilgisayar"),
  e("phone mobile call", "telefon"),
  e("mobile phone", "mobil"),
  e("security secure guard", "güvenlik"),
  e("safe secure", "güvenli"),
  e("server host", "sunucu"),
  e("hosting host", "barındırma"),
  e("mail email inbox", "posta eposta"),
  e("message chat note", "mesaj"),
  e("chat talk", "sohbet"),
  e("robot bot", "robot"),
  e("digital", "dijital"),
  e("social", "sosyal"),
  e("online", "çevrimiçi"),
  e("smart clever bright wise", "akıllı zeki"),
  e("idea concept spark", "fikir"),
  e("mind brain", "akıl zihin"),
  e("science lab", "bilim"),
  e("energy power volt", "enerji"),
  e("power force", "güç"),
  e("electric volt spark", "elektrik"),
  // design and media
  e("design craft style", "tasarım"),
  e("studio workshop lab", "atölye stüdyo"),
  e("art creative gallery", "sanat"),
  e("photo pic snap image", "fotoğraf"),
  e("film movie cinema", "film sinema"),
  e("video clip", "video"),
  e("music sound audio tune", "müzik"),
  e("news press daily", "haber"),
  e("book read novel", "kitap"),
  e("story tale", "hikaye masal"),
  e("print press", "baskı matbaa"),
  e("paper", "kağıt"),
  e("pen", "kalem"),
  e("writer author", "yazar"),
  e("word", "kelime söz"),
  e("language lingo", "dil"),
  e("translate", "çeviri"),
  e("school academy", "okul"),
  e("education edu academy", "eğitim"),
  e("learn study", "öğren"),
  e("teacher tutor", "öğretmen"),
  // home and life
  e("home house nest", "ev yuva"),
  e("house home", "ev"),
  e("garden yard", "bahçe"),
  e("flower bloom flora petal", "çiçek"),
  e("florist flower bloom", "çiçekçi"),
  e("tree oak", "ağaç"),
  e("wood timber", "ahşap"),
  e("stone rock", "taş"),
  e("farm ranch harvest", "çiftlik"),
  e("build make", "yapı inşa"),
  e("construction build", "inşaat"),
  e("repair fix mend", "tamir onarım"),
  e("clean pure shine", "temiz temizlik"),
  e("wash", "yıkama"),
  e("furniture", "mobilya"),
  e("estate property realty", "emlak"),
  e("rent lease hire", "kira kiralık"),
  e("room space", "oda"),
  e("family kin", "aile"),
  e("kid child junior", "çocuk"),
  e("baby tiny", "bebek"),
  e("friend buddy pal", "arkadaş dost"),
  e("pet paw", "evcil"),
  e("dog puppy pup", "köpek"),
  e("cat kitty", "kedi"),
  e("life living", "hayat yaşam"),
  e("love heart", "aşk sevgi"),
  e("heart love", "kalp"),
  e("health care wellness vital", "sağlık"),
  e("care", "bakım"),
  e("doctor clinic medic", "doktor hekim"),
  e("clinic care", "klinik"),
  e("pharmacy pharma", "eczane"),
  e("medicine med", "ilaç"),
  e("dental smile", "diş"),
  e("beauty glow", "güzellik"),
  e("hair salon", "saç"),
  e("fashion style vogue wear", "moda"),
  e("clothes wear apparel", "giyim kıyafet"),
  e("shoe sneaker", "ayakkabı"),
  e("jewelry jewel gem", "mücevher takı"),
  e("toy play", "oyuncak"),
  e("game play arcade", "oyun"),
  e("sport fit athletic", "spor"),
  e("yoga zen", "yoga"),
  e("peace calm zen", "barış huzur"),
  e("dream vision", "rüya hayal"),
  e("hope", "umut"),
  e("soul spirit", "ruh"),
  e("magic spell", "sihir büyü"),
  e("event fest", "etkinlik"),
  e("party fest", "parti"),
  e("wedding bridal", "düğün"),
  // travel and places
  e("travel trip tour journey", "seyahat gezi yolculuk"),
  e("tour trip", "tur"),
  e("hotel inn lodge stay", "otel"),
  e("car auto motor drive", "araba otomobil oto"),
  e("bike cycle", "bisiklet"),
  e("road route way", "yol"),
  e("map", "harita"),
  e("city urban town", "şehir kent"),
  e("world global globe earth", "dünya"),
  e("earth planet", "dünya toprak"),
  e("local near", "yerel"),
  e("global", "küresel"),
  e("sea ocean marine", "deniz"),
  e("water aqua", "su"),
  e("beach coast shore", "plaj sahil"),
  e("island isle", "ada"),
  e("mountain peak summit", "dağ"),
  e("river stream", "nehir ırmak"),
  e("lake", "göl"),
  e("nature wild", "doğa"),
  e("natural nature pure", "doğal"),
  e("sun solar sunny", "güneş"),
  e("moon luna", "ay"),
  e("star nova astro", "yıldız"),
  e("sky", "gök gökyüzü"),
  e("fire flame blaze", "ateş"),
  e("air", "hava"),
  e("bird wing", "kuş"),
  e("bee", "arı"),
  e("eagle", "kartal"),
  e("lion leo", "aslan"),
  e("wolf", "kurt"),
  e("key", "anahtar"),
  e("door gate", "kapı"),
  // qualities
  e("fast quick swift rapid", "hızlı"),
  e("quick fast", "çabuk"),
  e("new fresh neo", "yeni"),
  e("old retro vintage classic", "eski"),
  e("classic", "klasik"),
  e("modern", "modern"),
  e("future next", "gelecek"),
  e("good nice fine", "iyi"),
  e("best top prime", ""),
  e("top peak prime", "zirve"),
  e("big mega grand", "büyük"),
  e("small mini tiny little", "küçük"),
  e("happy joy glad merry", "mutlu"),
  e("joy", "neşe"),
  e("fun joy", "eğlence eğlenceli"),
  e("easy simple", "kolay"),
  e("simple plain", "basit"),
  e("green eco leaf", "yeşil"),
  e("red", "kırmızı"),
  e("blue", "mavi"),
  e("black noir", "siyah kara"),
  e("white", "beyaz"),
  e("gold golden", "altın"),
  e("silver", "gümüş"),
  e("light bright lumen", "ışık"),
  e("dark shadow", "karanlık"),
  e("night", "gece"),
  e("day daily", "gün"),
  e("time clock", "zaman"),
  e("king royal", "kral"),
  e("queen", "kraliçe"),
  e("hero", "kahraman"),
  e("find seek", "bul"),
];

/** A word's synonyms: English words and Turkish words (folded ASCII), the word itself excluded. */
export interface Synonyms {
  en: string[];
  tr: string[];
  /** Which side(s) of the thesaurus the word (or its stem) was found on. */
  languages: ReadonlySet<"en" | "tr">;
}

interface Index {
  en: Map<string, number[]>;
  tr: Map<string, number[]>;
  folded: { en: string[]; tr: string[] }[];
}

let index: Index | undefined;

function buildIndex(): Index {
  const en = new Map<string, number[]>();
  const tr = new Map<string, number[]>();
  const folded = THESAURUS.map((entry) => ({
    en: entry.en.map(foldToAscii),
    tr: entry.tr.map(foldToAscii),
  }));
  folded.forEach((entry, i) => {
    for (const word of entry.en) en.set(word, [...(en.get(word) ?? []), i]);
    for (const word of entry.tr) tr.set(word, [...(tr.get(word) ?? []), i]);
  });
  return { en, tr, folded };
}

function find(idx: Index, word: string): { en: number[]; tr: number[] } | null {
  const en = idx.en.get(word) ?? [];
  const tr = idx.tr.get(word) ?? [];
  return en.length + tr.length > 0 ? { en, tr } : null;
}

/**
 * Looks a word up (any case, Turkish letters or folded), trying plural and Turkish suffix stems
 * when the word itself is not listed ("dükkanı" → "dukkan", "flowers" → "flower"). Null when
 * nothing is found.
 */
export function synonymsOf(word: string): Synonyms | null {
  index ??= buildIndex();
  const key = foldToAscii(word.trim());
  let found: { stem: string; hits: { en: number[]; tr: number[] } } | null = null;
  for (const stem of [key, ...stemCandidates(key)]) {
    const hits = find(index, stem);
    if (hits) {
      found = { stem, hits };
      break;
    }
  }
  if (!found) return null;
  const { stem, hits } = found;
  const en: string[] = [];
  const tr: string[] = [];
  const push = (list: string[], value: string) => {
    if (value !== key && value !== stem && !list.includes(value)) list.push(value);
  };
  const entries = [...new Set([...hits.en, ...hits.tr])].sort((a, b) => a - b);
  for (const i of entries) {
    const entry = index.folded[i];
    if (!entry) continue;
    for (const w of entry.en) push(en, w);
    for (const w of entry.tr) push(tr, w);
  }
  const languages = new Set<"en" | "tr">();
  if (hits.en.length > 0) languages.add("en");
  if (hits.tr.length > 0) languages.add("tr");
  return { en, tr, languages };
}
