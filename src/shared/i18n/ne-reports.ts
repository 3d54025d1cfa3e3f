/**
 * Nepali strings of the public register and the staff reports (issue 19 §6, §7): the same keys
 * as ./en-reports.ts, spread into ne.ts.
 */
import type { reportsEn, reportsManualEn } from './en-reports.js';

export const reportsNe: typeof reportsEn = {
  publicRegister: {
    nav: 'दर्ता भएका व्यवसाय',
    title: 'दर्ता भएका व्यवसाय',
    intro: 'पालिकामा दर्ता भएका व्यवसायहरू नाम वा दर्ता नम्बरबाट खोज्नुहोस्।',
    searchLabel: 'व्यवसायको नाम वा दर्ता नं.',
    search: 'खोज्नुहोस्',
    hint: 'अंग्रेजी वा नेपालीमा कम्तीमा ३ अक्षर लेख्नुहोस्।',
    empty: '“{{q}}” सँग मिल्ने दर्ता भएको व्यवसाय भेटिएन।',
    registrationNo: 'दर्ता नं.',
    businessType: 'व्यवसायको प्रकार',
    ward: 'वडा',
    statusLabel: 'अवस्था',
    validUntil: 'मान्य रहने मिति (वि.सं.)',
    status: { registered: 'दर्ता कायम', expired: 'म्याद सकिएको', closed: 'बन्द भएको' },
    note: 'सार्वजनिक विवरण मात्र देखाइन्छ। प्रमाणपत्र जाँच्न त्यसमा छापिएको कोड लेख्नुहोस्।',
    verifyLink: 'प्रमाणपत्र जाँच्नुहोस्',
    signIn: 'लगइन',
    previous: 'अघिल्लो',
    next: 'अर्को',
    page: 'पृष्ठ {{page}}',
    lastPage: 'पहिलो २०० नतिजा मात्र देखाइएको छ: खोजलाई साँघुरो बनाउन नामको थप अंश लेख्नुहोस्।',
    tooMany: 'यो उपकरणबाट धेरै खोजी भयो। एक मिनेट पर्खेर फेरि प्रयास गर्नुहोस्।',
  },
  reports: {
    nav: 'प्रतिवेदन',
    title: 'प्रतिवेदन',
    tabs: {
      receipts: 'रसिद किताब',
      refunds: 'रद्द र फिर्ता भएका रसिद',
      collection: 'राजस्व सङ्कलन',
      age: 'अवधि अनुसार निवेदन',
    },
    period: 'अवधि',
    fiscalYear: 'आर्थिक वर्ष {{code}}',
    custom: 'मिति (वि.सं.)',
    receiptDate: 'रसिद मिति (वि.सं.)',
    payer: 'भुक्तानी गर्ने',
    registrationNo: 'दर्ता नं.',
    applicationNo: 'निवेदन / दर्ता नं.',
    refundReference: 'फिर्ताको सन्दर्भ नं.',
    groupBy: 'समूह',
    by: {
      ward: 'वडा',
      channel: 'भुक्तानी माध्यम',
      businessType: 'व्यवसायको प्रकार',
      month: 'महिना (वि.सं.)',
    },
    receipts: 'रसिद संख्या',
    amount: 'रकम',
    total: 'जम्मा',
    status: 'अवस्था',
    age: {
      d0_7: '०–७ दिन',
      d8_30: '८–३० दिन',
      d31_90: '३१–९० दिन',
      d90plus: '९० दिनभन्दा बढी',
      total: 'जम्मा',
    },
    receiptsIntro:
      'अवधिभरका सबै रसिद: बिलमा जम्मा भएका, फिर्ता गर्नुपर्ने (रद्द भएका रसिद) वा फिर्ता भइसकेका।',
    refundsIntro: 'बिलमा जम्मा गर्न नमिलेका रसिद: फिर्ता गर्नुपर्ने वा फिर्ता भइसकेका।',
    collectionIntro: 'अवधिभरमा बिलमा जम्मा भएको रकम। फिर्ता गर्नुपर्ने र फिर्ता भएको रकम रसिद किताबमा छ।',
    ageIntro: 'अवधिभरमा पेस भएका निवेदन, अवस्था र पेस भएदेखिका दिन अनुसार।',
    totals: {
      count: 'रसिद संख्या',
      total: 'प्राप्त',
      credited: 'बिलमा जम्मा',
      refundDue: 'फिर्ता गर्नुपर्ने',
      refunded: 'फिर्ता भएको',
    },
    empty: 'यस अवधिमा केही छैन।',
    loadMore: 'थप देखाउनुहोस्',
    shown: '{{count}} मध्ये {{shown}} देखाइएको',
  },
};

export const reportsManualNe: typeof reportsManualEn = {
  publicRegister: {
    title: 'दर्ता भएका व्यवसाय खोज्नुहोस्',
    intro:
      'खाता बिना नै जो कोहीले व्यवसाय दर्ता भएको छ कि छैन हेर्न सक्नुहुन्छ: नाम, प्रकार, वडा, अवस्था र मान्य अवधि। व्यक्तिगत विवरण देखाइँदैन।',
    steps: {
      open: 'लगइन पृष्ठमा <b>$t(auth.publicRegisterLink)</b> थिच्नुहोस्, वा दर्ता प्रणालीको /public-register पृष्ठ खोल्नुहोस्।',
      search:
        '<b>$t(publicRegister.searchLabel)</b> मा व्यवसायको नामका कम्तीमा ३ अक्षर (नेपाली वा अंग्रेजीमा) वा दर्ता नम्बर लेखेर <b>$t(publicRegister.search)</b> थिच्नुहोस्।',
      read: 'हरेक नतिजामा व्यवसायको प्रकार, वडा र <b>$t(publicRegister.validUntil)</b> देखिन्छ, साथै त्यो $t(publicRegister.status.registered), $t(publicRegister.status.expired) वा $t(publicRegister.status.closed) के हो भन्ने पनि।',
    },
    alt: { 'public-register': 'एउटा खोजीका नतिजासहित सार्वजनिक दर्ता सूची' },
  },
  reports: {
    title: 'प्रतिवेदन: रसिद, सङ्कलन र निवेदन',
    intro:
      'भुक्तानी हेर्न पाउने कर्मचारीले प्राप्त रकम र निवेदनका प्रतिवेदन हेर्न सक्नुहुन्छ। वडा प्रशासकले आफ्नै वडाको मात्र देख्नुहुन्छ।',
    steps: {
      open: 'मेनुमा <b>$t(reports.nav)</b> खोल्नुहोस्।',
      period:
        '<b>$t(reports.period)</b> छान्नुहोस्: आर्थिक वर्ष, वा सुरु र अन्तिम मितिसहित <b>$t(reports.custom)</b>। चाहिए वडा पनि छान्नुहोस्।',
      tabs: 'प्रतिवेदन छान्नुहोस्: <b>$t(reports.tabs.receipts)</b>, <b>$t(reports.tabs.refunds)</b>, <b>$t(reports.tabs.collection)</b> (वडा, भुक्तानी माध्यम, व्यवसायको प्रकार वा महिना अनुसार) वा <b>$t(reports.tabs.age)</b>।',
      export:
        'प्रतिवेदन फाइलमा सुरक्षित गर्न <b>$t(export.button)</b> थिचेर <b>$t(export.csv)</b> वा <b>$t(export.xlsx)</b> छान्नुहोस्; फाइल स्क्रिनकै भाषामा हुन्छ।',
    },
    alt: { reports: 'जम्मासहित वडा अनुसारको सङ्कलन र निर्यात बटन' },
  },
};
