/**
 * Brands and models as Vietnamese buyers write them: with or without spaces, hyphens and accents
 * ("cx5", "CX-5", "cx 5"), nicknames ("mẹc", "bim") and common typos ("huyndai", "vinfat").
 * Every key is compactFold'ed. The inventory's own brands and models are added at run time, so a brand
 * missing here is still found by its stored name.
 */
export interface BrandEntry {
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
