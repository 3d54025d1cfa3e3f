/**
 * Names the bench seeder (seed-apps.ts) builds business, owner and father's names from, each in
 * Latin letters and in Devanagari (NFC, standard vowel signs, as the app's own Nepali seed:
 * issue 16 §6), so the list's search box meets the mix of scripts a palika's register holds.
 * A business name is a place + a trade ("Himalaya Traders", "हिमालय ट्रेडर्स"); a person's is a
 * given name + a surname.
 */

/** One word or phrase in both scripts. */
export interface BilingualName {
  en: string;
  ne: string;
}

const list = (pairs: [string, string][]): BilingualName[] => pairs.map(([en, ne]) => ({ en, ne }));

export const NAMES = {
  places: list([
    ['Himalaya', 'हिमालय'],
    ['Everest', 'एभरेस्ट'],
    ['Annapurna', 'अन्नपूर्ण'],
    ['Bagmati', 'बागमती'],
    ['Lumbini', 'लुम्बिनी'],
    ['Gorkha', 'गोरखा'],
    ['Janakpur', 'जनकपुर'],
    ['Mithila', 'मिथिला'],
    ['Sagarmatha', 'सगरमाथा'],
    ['Pashupati', 'पशुपति'],
    ['Kantipur', 'कान्तिपुर'],
    ['Patan', 'पाटन'],
    ['Shree Ganesh', 'श्री गणेश'],
    ['New Nepal', 'न्यू नेपाल'],
    ['Laxmi', 'लक्ष्मी'],
    ['Siddhartha', 'सिद्धार्थ'],
    ['Manakamana', 'मनकामना'],
    ['Durbar', 'दरबार'],
    ['Phewa', 'फेवा'],
    ['Koshi', 'कोशी'],
  ]),
  trades: list([
    ['Traders', 'ट्रेडर्स'],
    ['Store', 'स्टोर'],
    ['Suppliers', 'सप्लायर्स'],
    ['Enterprises', 'इन्टरप्राइजेज'],
    ['Hotel', 'होटल'],
    ['Pharmacy', 'फार्मेसी'],
    ['Kirana Pasal', 'किराना पसल'],
    ['Udhyog', 'उद्योग'],
    ['Furniture', 'फर्निचर'],
    ['Tailors', 'टेलर्स'],
    ['Restaurant', 'रेस्टुरेन्ट'],
    ['Hardware', 'हार्डवेयर'],
    ['Stationery', 'स्टेसनरी'],
    ['Cosmetics', 'कस्मेटिक्स'],
    ['Electronics', 'इलेक्ट्रोनिक्स'],
  ]),
  given: list([
    ['Ram', 'राम'],
    ['Sita', 'सीता'],
    ['Hari', 'हरि'],
    ['Gita', 'गीता'],
    ['Krishna', 'कृष्ण'],
    ['Laxmi', 'लक्ष्मी'],
    ['Bishnu', 'विष्णु'],
    ['Sarita', 'सरिता'],
    ['Prakash', 'प्रकाश'],
    ['Anita', 'अनिता'],
    ['Dil Bahadur', 'दिल बहादुर'],
    ['Kamala', 'कमला'],
    ['Suresh', 'सुरेश'],
    ['Sunita', 'सुनिता'],
    ['Rajesh', 'राजेश'],
    ['Binita', 'बिनिता'],
    ['Mohan', 'मोहन'],
    ['Radha', 'राधा'],
    ['Bikash', 'विकास'],
    ['Sabina', 'सबिना'],
  ]),
  /** the father's or husband's given name */
  fathers: list([
    ['Shyam', 'श्याम'],
    ['Gopal', 'गोपाल'],
    ['Narayan', 'नारायण'],
    ['Dil Bahadur', 'दिल बहादुर'],
    ['Mohan', 'मोहन'],
    ['Tek Bahadur', 'टेक बहादुर'],
    ['Hari Prasad', 'हरि प्रसाद'],
    ['Krishna', 'कृष्ण'],
    ['Ram Kumar', 'राम कुमार'],
    ['Bhim', 'भीम'],
  ]),
  surnames: list([
    ['Shrestha', 'श्रेष्ठ'],
    ['Maharjan', 'महर्जन'],
    ['Tamang', 'तामाङ'],
    ['Gurung', 'गुरुङ'],
    ['Thapa', 'थापा'],
    ['Karki', 'कार्की'],
    ['Adhikari', 'अधिकारी'],
    ['Rai', 'राई'],
    ['Magar', 'मगर'],
    ['Shakya', 'शाक्य'],
    ['Bajracharya', 'वज्राचार्य'],
    ['Poudel', 'पौडेल'],
    ['Khadka', 'खड्का'],
    ['Basnet', 'बस्नेत'],
    ['Sharma', 'शर्मा'],
    ['Joshi', 'जोशी'],
    ['Pradhan', 'प्रधान'],
    ['Dangol', 'डंगोल'],
    ['Tuladhar', 'तुलाधर'],
    ['Lama', 'लामा'],
  ]),
};
