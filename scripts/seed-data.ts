/**
 * Word lists for synthetic clients. Each list goes to PostgreSQL as one array parameter and rows pick from
 * it by hash, so a list's length sets how often a value appears: 'Smith' is one of 40 surnames, which
 * makes a search for 'smith' hit a few percent of a company's clients, as in a real practice.
 */

/** Comma-separated lists keep the data compact; the formatter would put every array item on its own line. */
const words = (text: string): string[] => text.split(',').map((w) => w.trim());

export interface CountryWords {
  /** E.164 prefix and the first digits of a mobile; rows add a unique-ish tail of mobileTailDigits. */
  mobilePrefixes: string[];
  mobileTailDigits: number;
  femaleNames: string[];
  maleNames: string[];
  surnames: string[];
  streets: string[];
  /** Parallel lists: suburb, town (address region), province or county (address state), postal code stem. */
  suburbs: string[];
  towns: string[];
  provinces: string[];
  postalStems: string[];
  companySuffixes: string[];
}

/** Places are written 'suburb/town/province/postal stem' so an address never mixes towns. */
function places(list: string): Pick<CountryWords, 'suburbs' | 'towns' | 'provinces' | 'postalStems'> {
  const rows = words(list).map((t) => t.split('/').map((part) => part.trim()));
  const column = (i: number) => rows.map((row) => row[i] ?? '');
  return { suburbs: column(0), towns: column(1), provinces: column(2), postalStems: column(3) };
}

const ZA: CountryWords = {
  mobilePrefixes: ['+2782', '+2783', '+2784'],
  mobileTailDigits: 7,
  femaleNames: words(`Thandi, Lerato, Nomsa, Ayesha, Anele, Charlene, Elize, Farah, Gugu, Karabo, Lindiwe,
    Naledi, Palesa, Refilwe, Zanele, Annelie, Michelle, Sarah, Fatima, Busisiwe, Precious, Nadia, Jessica, Mpho`),
  maleNames: words(`Sipho, Johan, Pieter, Bongani, Dumisani, Hendrik, Imran, Jabu, Thabo, Kagiso, Lwazi,
    Mandla, Ruan, Francois, David, Michael, Themba, Yusuf, Sibusiso, Tshepo, Willem, Andile, Riaan, Kabelo`),
  surnames: words(`Smith, Nkosi, Dlamini, Ndlovu, Khumalo, Mokoena, Mthembu, Zulu, Sithole, Botha, van Wyk,
    Pretorius, Steyn, Jacobs, Naidoo, Pillay, Govender, Patel, Moosa, Essop, Radebe, Molefe, Cele, Mahlangu,
    Nel, du Plessis, van der Merwe, Coetzee, Venter, Fourie, Williams, Adams, Petersen, Hendricks, Maseko,
    Shabalala, Mabaso, Baloyi, Nkuna, Mofokeng`),
  streets: words(`Jan Smuts Avenue, Oxford Road, Main Road, Church Street, Voortrekker Road, Long Street,
    Rivonia Road, William Nicol Drive, Beach Road, Florida Road, Louis Botha Avenue, Witkoppen Road,
    Kloof Street, Nelson Mandela Drive, Marine Drive, Victoria Road`),
  ...places(`Rosebank/Johannesburg/Gauteng/2196, Parktown/Johannesburg/Gauteng/2193,
    Sandton/Johannesburg/Gauteng/2196, Randburg/Johannesburg/Gauteng/2194, Orlando/Soweto/Gauteng/1804,
    Hatfield/Pretoria/Gauteng/0083, Brooklyn/Pretoria/Gauteng/0181, Sea Point/Cape Town/Western Cape/8005,
    Claremont/Cape Town/Western Cape/7708, Bellville/Cape Town/Western Cape/7530,
    Die Boord/Stellenbosch/Western Cape/7613, Morningside/Durban/Kwa-Zulu Natal/4001,
    Berea/Durban/Kwa-Zulu Natal/4001, Umhlanga/Durban/Kwa-Zulu Natal/4319,
    Scottsville/Pietermaritzburg/Kwa-Zulu Natal/3201, Waterfall/Rustenburg/North-West/0299,
    Westdene/Bloemfontein/Free State/9301, Summerstrand/Gqeberha/Eastern Cape/6001,
    Vincent/East London/Eastern Cape/5247, Sonheuwel/Mbombela/Mpumalanga/1201,
    Belgravia/Kimberley/Northern Cape/8301`),
  companySuffixes: words('(Pty) Ltd, Holdings (Pty) Ltd, Trust, CC, Inc'),
};

const UK: CountryWords = {
  // Not 76, 7700 or 7911: parts of those ranges are not mobile numbers and fail validation.
  mobilePrefixes: ['+4473', '+4475', '+4478'],
  mobileTailDigits: 8,
  femaleNames: words(`Eleanor, Grace, Amelia, Olivia, Isla, Emily, Sophie, Charlotte, Hannah, Jessica, Lucy,
    Chloe, Megan, Ruby, Freya, Priya, Aisha, Zara, Niamh, Catherine, Sarah, Rebecca, Fiona, Harriet`),
  maleNames: words(`Oliver, Harry, George, Jack, Thomas, James, William, Charlie, Alfie, Henry, Samuel,
    Daniel, Joseph, Arthur, Edward, Rory, Callum, Mohammed, Arjun, Owen, Liam, Rhys, David, Michael`),
  surnames: words(`Smith, Jones, Taylor, Brown, Williams, Wilson, Johnson, Davies, Robinson, Wright,
    Thompson, Evans, Walker, White, Roberts, Green, Hall, Wood, Jackson, Clarke, Hughes, Bennett, Turner,
    Edwards, Harris, Lewis, Patel, Khan, Murphy, Campbell, Kelly, O'Brien, Morgan, Cooper, King, Baker, Ward,
    Price, Scott, Morris`),
  streets: words(`High Street, Station Road, Church Lane, Victoria Road, Park Road, London Road, Green Lane,
    Manor Road, The Crescent, Kings Road, Queensway, Mill Lane, Albert Street, York Road, Castle Street, Broadway`),
  ...places(`Westminster/London/Greater London/SW1, Islington/London/Greater London/N1,
    Clapham/London/Greater London/SW4, Kensington/London/Greater London/W8, Didsbury/Manchester/Greater Manchester/M20,
    Chorlton/Manchester/Greater Manchester/M21, Edgbaston/Birmingham/West Midlands/B15,
    Headingley/Leeds/West Yorkshire/LS6, Clifton/Bristol/Bristol/BS8, Morningside/Edinburgh/Scotland/EH10,
    Leith/Edinburgh/Scotland/EH6, Hillhead/Glasgow/Scotland/G12, Roath/Cardiff/Wales/CF24,
    Jesmond/Newcastle/Tyne and Wear/NE2, Hove/Brighton/East Sussex/BN3, Malone/Belfast/Northern Ireland/BT9`),
  companySuffixes: words('Ltd, Holdings Ltd, LLP, Partners, Trust'),
};

export const WORDS: Record<'ZA' | 'UK', CountryWords> = { ZA, UK };

/** Juristic client names: "<word or surname> <trade> <suffix>". */
export const COMPANY_WORDS = words(`Acacia, Baobab, Summit, Harbour, Meridian, Oak, Granite, Riverside,
  Northgate, Pinnacle, Silverleaf, Kingfisher, Atlas, Beacon, Crown, Horizon, Protea, Lighthouse, Cedar, Falcon`);
export const COMPANY_TRADES = words(`Trading, Logistics, Engineering, Consulting, Properties, Investments,
  Foods, Motors, Construction, Medical, Security, Farming`);

/** A healthcare practice (H) and a financial adviser (F) group their clients differently. */
export const CATEGORIES: Record<'H' | 'F', string[]> = {
  H: words('Medical aid, Private, Road Accident Fund, Workmens compensation, Corporate, Sports'),
  F: words('Retail, High net worth, Corporate, Pension, Trust, Prospect referral'),
};
