import { compactFold } from '../../../../contract/text';
import type { Query } from './text';
import type { BrandRef, ModelRef } from './types';

/**
 * Brands and models as Vietnamese buyers write them: with or without spaces, hyphens and accents
 * ("cx5", "CX-5", "cx 5"), nicknames ("mẹc", "bim") and common typos ("huyndai", "vinfat").
 * Every key is compactFold'ed. The inventory's own brands and models are added at run time, so a brand
 * missing here is still found by its stored name.
 */
interface BrandEntry {
  brand: string;
  aliases: string[];
  /** model display name -> extra keys (its compactFold is always a key). */
  models: Record<string, string[]>;
  /** Models that look like years or plain numbers and count only after the brand ("peugeot 3008"). */
  numericModels?: string[];
}

export const BRAND_DICTIONARY: BrandEntry[] = [
  {
    brand: 'Toyota',
    aliases: ['toyota', 'toyta', 'toyoya', 'toyot'],
    models: {
      Vios: ['vios'],
      Camry: ['camry', 'camri', 'kemri'],
      'Corolla Cross': ['corollacross', 'cross'],
      'Corolla Altis': ['altis', 'corollaaltis', 'corolla'],
      Innova: ['innova', 'inova'],
      Fortuner: ['fortuner', 'fotuner', 'fortuna', 'fotuna'],
      Hilux: ['hilux'],
      Yaris: ['yaris'],
      'Yaris Cross': ['yariscross'],
      Wigo: ['wigo'],
      Raize: ['raize'],
      Veloz: ['veloz', 'velozcross'],
      Avanza: ['avanza'],
      'Land Cruiser': ['landcruiser', 'lc200', 'lc300'],
      Prado: ['prado', 'landcruiserprado'],
      Rush: ['rush'],
      Hiace: ['hiace'],
    },
  },
  {
    brand: 'Honda',
    aliases: ['honda', 'hon da'],
    models: {
      City: ['city'],
      Civic: ['civic'],
      'CR-V': ['crv'],
      'HR-V': ['hrv'],
      Accord: ['accord'],
      Brio: ['brio'],
      'BR-V': ['brv'],
    },
  },
  {
    brand: 'Mazda',
    aliases: ['mazda', 'mazada', 'madda'],
    models: {
      Mazda2: ['mazda2', 'mazda2sport'],
      Mazda3: ['mazda3'],
      Mazda6: ['mazda6'],
      'CX-3': ['cx3'],
      'CX-5': ['cx5'],
      'CX-8': ['cx8'],
      'CX-30': ['cx30'],
      'BT-50': ['bt50'],
    },
  },
  {
    brand: 'Hyundai',
    aliases: ['hyundai', 'huyndai', 'hyndai', 'huyndal', 'hyunhdai', 'huyn', 'hyun'],
    models: {
      Accent: ['accent', 'acent'],
      'Grand i10': ['i10', 'grandi10'],
      Elantra: ['elantra'],
      Tucson: ['tucson', 'tucsan'],
      'Santa Fe': ['santafe', 'santafee'],
      Creta: ['creta'],
      Stargazer: ['stargazer'],
      Kona: ['kona'],
      Palisade: ['palisade'],
      Custin: ['custin'],
    },
  },
  {
    brand: 'Kia',
    aliases: ['kia'],
    models: {
      Morning: ['morning'],
      Soluto: ['soluto'],
      K3: ['k3', 'cerato'],
      K5: ['k5', 'optima'],
      Seltos: ['seltos'],
      Sonet: ['sonet'],
      Sorento: ['sorento'],
      Carnival: ['carnival', 'sedona'],
      Sportage: ['sportage'],
      Carens: ['carens'],
    },
  },
  {
    brand: 'Mitsubishi',
    aliases: ['mitsubishi', 'mitsu', 'mitsubisi', 'mishubishi', 'misubishi', 'mit'],
    models: {
      Xpander: ['xpander', 'expander', 'xpandercross'],
      Attrage: ['attrage', 'atrage'],
      Outlander: ['outlander'],
      'Pajero Sport': ['pajero', 'pajerosport'],
      Triton: ['triton'],
      Mirage: ['mirage'],
      Xforce: ['xforce'],
    },
  },
  {
    brand: 'Ford',
    aliases: ['ford', 'fo'],
    models: {
      Ranger: ['ranger', 'renger', 'rangerraptor', 'raptor', 'wildtrak'],
      Everest: ['everest'],
      Territory: ['territory'],
      EcoSport: ['ecosport'],
      Focus: ['focus'],
      Fiesta: ['fiesta'],
      Transit: ['transit'],
      Explorer: ['explorer'],
    },
  },
  {
    brand: 'VinFast',
    aliases: ['vinfast', 'vinfat', 'vin', 'vf', 'vinphat'],
    models: {
      Fadil: ['fadil'],
      'Lux A2.0': ['luxa', 'luxa20', 'luxa2'],
      'Lux SA2.0': ['luxsa', 'luxsa20', 'luxsa2'],
      'VF e34': ['vfe34', 'e34'],
      VF3: ['vf3'],
      VF5: ['vf5'],
      VF6: ['vf6'],
      VF7: ['vf7'],
      VF8: ['vf8'],
      VF9: ['vf9'],
    },
  },
  {
    brand: 'Mercedes-Benz',
    aliases: [
      'mercedesbenz',
      'mercedes',
      'mercedes benz',
      'mec',
      'merc',
      'mer',
      'mercedez',
      'mecxedes',
      'benz',
      'mercedesbens',
    ],
    models: {
      'C-Class': ['cclass', 'c180', 'c200', 'c250', 'c300', 'c43'],
      'E-Class': ['eclass', 'e180', 'e200', 'e250', 'e300', 'e350'],
      'S-Class': ['sclass', 's400', 's450', 's500', 'maybach'],
      GLC: ['glc', 'glc200', 'glc250', 'glc300'],
      GLE: ['gle', 'gle450'],
      GLS: ['gls'],
      GLA: ['gla'],
      GLB: ['glb'],
      'A-Class': ['aclass', 'a200', 'a250'],
      'G-Class': ['gclass', 'g63'],
    },
  },
  {
    brand: 'BMW',
    aliases: ['bmw', 'bim', 'bmv'],
    models: {
      '3 Series': ['3series', '320i', '330i', 'series3'],
      '5 Series': ['5series', '520i', '530i', 'series5'],
      '7 Series': ['7series', '730li', '740li'],
      X1: ['x1'],
      X3: ['x3'],
      X5: ['x5'],
      X7: ['x7'],
    },
  },
  {
    brand: 'Audi',
    aliases: ['audi', 'au di'],
    models: { A4: ['a4'], A6: ['a6'], A8: ['a8'], Q3: ['q3'], Q5: ['q5'], Q7: ['q7'], Q8: ['q8'] },
  },
  {
    brand: 'Lexus',
    aliases: ['lexus', 'lexut', 'lec'],
    models: {
      RX: ['rx', 'rx350', 'rx300', 'rx200t', 'rx450h'],
      ES: ['es', 'es250', 'es300h', 'es350'],
      NX: ['nx', 'nx300', 'nx200t'],
      LX: ['lx', 'lx570', 'lx600'],
      GX: ['gx', 'gx460'],
    },
  },
  {
    brand: 'Nissan',
    aliases: ['nissan', 'nisan'],
    models: {
      Navara: ['navara'],
      Almera: ['almera'],
      Kicks: ['kicks'],
      Terra: ['terra'],
      Sunny: ['sunny'],
      'X-Trail': ['xtrail'],
    },
  },
  {
    brand: 'Suzuki',
    aliases: ['suzuki', 'suzuky'],
    models: {
      XL7: ['xl7'],
      Ertiga: ['ertiga'],
      Swift: ['swift'],
      Ciaz: ['ciaz'],
      Jimny: ['jimny'],
      Carry: ['carry'],
    },
  },
  {
    brand: 'Chevrolet',
    aliases: ['chevrolet', 'chevro', 'chevy', 'chev'],
    models: {
      Cruze: ['cruze'],
      Spark: ['spark'],
      Colorado: ['colorado'],
      Trailblazer: ['trailblazer'],
      Aveo: ['aveo'],
    },
  },
  {
    brand: 'Peugeot',
    aliases: ['peugeot', 'peugot', 'pugeot', 'pheugeot'],
    models: { '2008': [], '3008': [], '5008': [], '408': [] },
    numericModels: ['2008', '3008', '5008', '408'],
  },
  {
    brand: 'Subaru',
    aliases: ['subaru'],
    models: { Forester: ['forester'], XV: ['xv'], Outback: ['outback'] },
  },
  {
    brand: 'Volkswagen',
    aliases: ['volkswagen', 'vw', 'volkswagon'],
    models: {
      Tiguan: ['tiguan'],
      Teramont: ['teramont'],
      Polo: ['polo'],
      Passat: ['passat'],
      Viloran: ['viloran'],
    },
  },
  {
    brand: 'Isuzu',
    aliases: ['isuzu'],
    models: { 'D-Max': ['dmax'], 'mu-X': ['mux'] },
  },
  {
    brand: 'Porsche',
    aliases: ['porsche', 'porche', 'posche'],
    models: { Cayenne: ['cayenne'], Macan: ['macan'], Panamera: ['panamera'], '911': [] },
    numericModels: ['911'],
  },
  {
    brand: 'Land Rover',
    aliases: ['landrover', 'rangerover'],
    models: {
      'Range Rover': ['rangerover'],
      Evoque: ['evoque'],
      Discovery: ['discovery'],
      Defender: ['defender'],
    },
  },
  {
    brand: 'Volvo',
    aliases: ['volvo'],
    models: { XC40: ['xc40'], XC60: ['xc60'], XC90: ['xc90'], S60: ['s60'], S90: ['s90'] },
  },
  {
    brand: 'MG',
    aliases: ['mg'],
    models: { MG5: ['mg5'], ZS: ['zs', 'mgzs'], HS: ['hs', 'mghs'] },
  },
];

interface Lookup {
  brands: Map<string, BrandRef>;
  models: Map<string, ModelRef>;
  numeric: Map<string, ModelRef>;
}

/** Aliases that are also common words or model names get checked only as whole tokens. */
const AMBIGUOUS_SINGLE = new Set(['mit', 'mer', 'fo', 'vin', 'vf', 'lec', 'hyun', 'huyn', 'cross', 'es']);

function buildLookup(): Lookup {
  const brands = new Map<string, BrandRef>();
  const models = new Map<string, ModelRef>();
  const numeric = new Map<string, ModelRef>();
  for (const entry of BRAND_DICTIONARY) {
    const ref: BrandRef = {
      brand: entry.brand,
      keys: [...new Set([compactFold(entry.brand), ...entry.aliases.map(compactFold)])],
    };
    for (const key of ref.keys) brands.set(key, ref);
    for (const [model, keys] of Object.entries(entry.models)) {
      const m: ModelRef = {
        brand: entry.brand,
        model,
        key: compactFold(model),
        keys: [...new Set([compactFold(model), ...keys.map(compactFold)])],
      };
      if (entry.numericModels?.includes(model)) {
        numeric.set(`${compactFold(entry.brand)}|${m.key}`, m);
        continue;
      }
      for (const key of [m.key, ...keys.map(compactFold)]) if (!models.has(key)) models.set(key, m);
    }
  }
  return { brands, models, numeric };
}

const STATIC = buildLookup();

/** The inventory's brands and models (as stored), merged in at run time. */
export interface Catalogue {
  brands: string[];
  models: { brand: string; model: string }[];
}

function withCatalogue(catalogue: Catalogue | undefined): Lookup {
  if (!catalogue) return STATIC;
  const brands = new Map(STATIC.brands);
  const models = new Map(STATIC.models);
  for (const b of catalogue.brands) {
    const key = compactFold(b);
    if (key.length >= 2 && !brands.has(key)) brands.set(key, { brand: b, keys: [key] });
  }
  for (const m of catalogue.models) {
    const key = compactFold(m.model);
    if (key.length >= 2 && !models.has(key) && !/^\d+$/.test(key)) {
      models.set(key, { brand: m.brand, model: m.model, key, keys: [key] });
    }
  }
  return { brands, models, numeric: STATIC.numeric };
}

const STOP_TOKENS = new Set(['xe', 'oto', 'o', 'to', 'con', 'chiec', 'em', 'dong', 'hang', 'loai']);

/**
 * Brands and models named in the message. Tokens are joined in windows of up to three without spaces,
 * so "vin fast" = "vinfast", "cx 5" = "cx5", "santa fe" = "santafe", "mazda 3" = "mazda3".
 */
export function parseBrandsModels(
  q: Query,
  catalogue?: Catalogue,
): { brands?: BrandRef[]; models?: ModelRef[] } {
  const lookup = withCatalogue(catalogue);
  const tokens = [...q.rest.matchAll(/[a-z0-9]+/g)].map((m) => ({ text: m[0], index: m.index ?? 0 }));
  const brands: BrandRef[] = [];
  const models: ModelRef[] = [];
  const used = new Set<number>();

  const addBrand = (b: BrandRef) => {
    if (!brands.some((x) => x.brand === b.brand)) brands.push(b);
  };
  const addModel = (m: ModelRef) => {
    if (!models.some((x) => x.key === m.key && x.brand === m.brand)) models.push(m);
  };

  for (let i = 0; i < tokens.length; i++) {
    if (used.has(i) || STOP_TOKENS.has(tokens[i].text)) continue;
    for (let n = Math.min(3, tokens.length - i); n >= 1; n--) {
      const window = tokens.slice(i, i + n);
      if (window.some((_, k) => used.has(i + k))) continue;
      const key = window.map((t) => t.text).join('');
      if (n === 1 && /^\d+$/.test(key)) break;
      const brand = lookup.brands.get(key);
      const model = lookup.models.get(key);
      // "mazda3": a brand name glued to a model is the model; "mazda 3" reads the same through the window.
      if (model && (n > 1 || !AMBIGUOUS_SINGLE.has(key) || brands.some((b) => b.brand === model.brand))) {
        addModel(model);
      } else if (brand && (n > 1 || !AMBIGUOUS_SINGLE.has(key) || isCarContext(tokens, i))) {
        addBrand(brand);
        // A number right after the brand may be a numeric model: "peugeot 3008", "porsche 911".
        const next = tokens[i + n];
        const numericModel = next && lookup.numeric.get(`${brand.keys[0]}|${next.text}`);
        if (numericModel) {
          addModel(numericModel);
          used.add(i + n);
        }
      } else {
        continue;
      }
      for (let k = 0; k < n; k++) used.add(i + k);
      break;
    }
  }
  for (const i of [...used].sort((a, b) => b - a)) q.consume(tokens[i].index, tokens[i].text.length);
  return {
    ...(brands.length ? { brands } : {}),
    ...(models.length ? { models } : {}),
  };
}

/** A short alias ("mit", "vin", "mer") counts when a car word stands right before it. */
function isCarContext(tokens: { text: string }[], i: number): boolean {
  const prev = tokens[i - 1]?.text;
  const prev2 = tokens[i - 2]?.text;
  return (
    prev === 'xe' || prev === 'hang' || prev === 'dong' || (prev === 'to' && prev2 === 'o') || prev === 'oto'
  );
}

/** A brand by its display name, for references built from the inventory. */
export function brandRef(name: string): BrandRef {
  const key = compactFold(name);
  const known = STATIC.brands.get(key);
  return known ?? { brand: name, keys: [key] };
}
