// The search bench's vocabularies: per language, a list of real words for the top ranks followed
// by generated words for the long tail, drawn with a Zipf-like law so that a few words are in a
// large share of the messages and most words are in very few: the mix a search index must serve.
import { seededRandom } from '../core/seeded-random.js';

/** The languages of the generated chats. */
export type Language = 'en' | 'fr' | 'de' | 'ru' | 'zh';

/** Words per language, real ones first; the rest are generated. */
const VOCABULARY_SIZE = 20_000;
/** Zipf exponent: word at rank r is drawn with weight 1 / (r + 2.7)^s (Zipf–Mandelbrot). */
const ZIPF_EXPONENT = 1.07;
const ZIPF_SHIFT = 2.7;

const ENGLISH = (
  'the to and of a in is you that it for this with on be can as are not your have or if will do ' +
  'time file data what from an by at but all use which more one we when there how also so they ' +
  'about would like some then code need just make only see other any new first should into way ' +
  'here their because could example function value error report weather trip city meeting plan ' +
  'list table question answer help thanks please number result change test user model server ' +
  'page project team week today tomorrow morning evening price book train flight hotel ticket ' +
  'summary draft email letter budget invoice recipe dinner garden music movie story history ' +
  'language word sentence translate build deploy branch commit review issue bug fix feature'
).split(' ');

const FRENCH = (
  'le la les de et un une est que pour pas dans ce il qui au sur avec plus été très déjà après ' +
  'café hôtel réunion élève fenêtre forêt château théâtre numéro début première même où voilà ' +
  'ça à côté prêt fête août noël leçon garçon français économie société qualité sécurité'
).split(' ');

const GERMAN = (
  'der die das und ist nicht zu ein eine ich sie es mit für auf über schön größe straße wetter ' +
  'mädchen müssen können würde hätte später früh grün fünf zwölf bücher häuser tür übung ' +
  'lösung prüfung gebäude geschäft gemüse käse brötchen fußball glück'
).split(' ');

const RUSSIAN = (
  'и в не на я что с он как это по но она к у мы вы из за то все так же от было для погода ' +
  'сегодня завтра город поездка встреча отчёт данные время файл вопрос ответ работа проект ' +
  'команда неделя утро вечер цена книга поезд билет гостиница письмо бюджет ужин музыка история ' +
  'язык слово ошибка функция значение сервер страница пример помощь спасибо пожалуйста ёлка'
).split(' ');

const CHINESE = (
  '的 是 我 你 在 了 有 这 他 们 不 天气 今天 明天 我们 你们 时间 问题 工作 公司 数据 文件 报告 ' +
  '会议 旅行 北京 上海 城市 飞机 火车 酒店 价格 朋友 学习 中文 电脑 手机 代码 函数 错误 服务器 ' +
  '页面 项目 团队 早上 晚上 星期 音乐 电影 故事 历史 语言 翻译 帮助 谢谢 请 可以 需要 因为 所以 但是'
).split(' ');

/** Characters for generated Chinese words (two characters each). */
const HAN = '一人大来上国个到说为子和地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全己话儿者向情部正名定女力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字交爱让认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步完革深区即求品士转量空甚众技轻程告江英基派满李息写呢识极令黄德收脸钱党倒未持取设始版双越史商千片容研像找友孩站广改议形委早房音火际则首单差节';

const SYLLABLES: Record<Exclude<Language, 'zh'>, { onsets: string; vowels: string[] }> = {
  en: { onsets: 'bcdfghjklmnprstvwz', vowels: ['a', 'e', 'i', 'o', 'u', 'ea', 'ou', 'ai'] },
  fr: { onsets: 'bcdfglmnprstv', vowels: ['a', 'e', 'i', 'o', 'u', 'é', 'è', 'à', 'ô', 'ou', 'ai'] },
  de: { onsets: 'bdfghklmnprstwz', vowels: ['a', 'e', 'i', 'o', 'u', 'ä', 'ö', 'ü', 'ei', 'au'] },
  ru: { onsets: 'бвгдзклмнпрстфхцчшщж', vowels: ['а', 'е', 'и', 'о', 'у', 'ы', 'я', 'ю', 'ё'] },
};

const REAL_WORDS: Record<Language, readonly string[]> = { en: ENGLISH, fr: FRENCH, de: GERMAN, ru: RUSSIAN, zh: CHINESE };

/** A vocabulary and its cumulative Zipf weights, for drawing words. */
export class Vocabulary {
  readonly words: readonly string[];
  readonly #cumulative: Float64Array;

  constructor(words: readonly string[]) {
    this.words = words;
    this.#cumulative = new Float64Array(words.length);
    let total = 0;
    for (let rank = 0; rank < words.length; rank += 1) {
      total += 1 / (rank + 1 + ZIPF_SHIFT) ** ZIPF_EXPONENT;
      this.#cumulative[rank] = total;
    }
  }

  /** The word at the rank a uniform `draw` in [0, 1) falls on. */
  word(draw: number): string {
    const target = draw * (this.#cumulative[this.#cumulative.length - 1] ?? 0);
    let low = 0;
    let high = this.#cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#cumulative[middle] ?? 0) < target) low = middle + 1;
      else high = middle;
    }
    return this.words[low] ?? '';
  }
}

/** A generated word of two to four syllables, or two Han characters for Chinese. */
function generatedWord(language: Language, random: () => number): string {
  const pick = (text: string | readonly string[]) => text[Math.floor(random() * text.length)] ?? '';
  if (language === 'zh') return pick(HAN) + pick(HAN);
  const { onsets, vowels } = SYLLABLES[language];
  const syllables = 2 + Math.floor(random() * 3);
  let word = '';
  for (let syllable = 0; syllable < syllables; syllable += 1) word += pick(onsets) + pick(vowels);
  return random() < 0.3 ? word + pick(onsets) : word;
}

/** The vocabulary of one language: the same words in every run (seeded by the language). */
function buildVocabulary(language: Language, reserved: ReadonlySet<string>): Vocabulary {
  const random = seededRandom(language.charCodeAt(0) * 131 + language.charCodeAt(1));
  const seen = new Set<string>(REAL_WORDS[language]);
  const words = [...REAL_WORDS[language]];
  while (words.length < VOCABULARY_SIZE) {
    const word = generatedWord(language, random);
    // A generated word never starts with a planted query word, so the planted counts are exact.
    if (seen.has(word) || [...reserved].some((planted) => word.startsWith(planted))) continue;
    seen.add(word);
    words.push(word);
  }
  return new Vocabulary(words);
}

let vocabularies: Record<Language, Vocabulary> | undefined;

/** Every language's vocabulary, built once per page. */
export function vocabularyOf(language: Language, reserved: ReadonlySet<string>): Vocabulary {
  vocabularies ??= {
    en: buildVocabulary('en', reserved), fr: buildVocabulary('fr', reserved), de: buildVocabulary('de', reserved),
    ru: buildVocabulary('ru', reserved), zh: buildVocabulary('zh', reserved),
  };
  return vocabularies[language];
}
