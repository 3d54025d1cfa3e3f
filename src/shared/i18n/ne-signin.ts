/**
 * The Nepali strings of the sign-in screen (issue 18 §5): what the login page, its card, the
 * language switch, the API client's errors and the validation messages show. The browser loads
 * only these for a Nepali reader on the login page (client/lib/i18n.ts, ~5 KB gzip instead of
 * the whole catalogue's ~24 KB); every other screen loads the whole catalogue (./ne.ts), which
 * merges these in. Same keys as in en-US.ts.
 */
import type { Messages } from './en-US.js';

/** The sections (whole or in part) the sign-in screen uses. */
export type SignInMessages = Pick<
  Messages,
  'app' | 'validation' | 'errors' | 'common' | 'auth' | 'a11y'
> & {
  forgot: Pick<Messages['forgot'], 'link' | 'done'>;
  manual: Pick<Messages['manual'], 'nav'>;
  settings: Pick<Messages['settings'], 'emblemAlt'>;
};

const signIn: SignInMessages = {
  app: { name: 'दर्ता', tagline: 'अनलाइन व्यवसाय दर्ता' },
  validation: {
    required: 'यो फिल्ड आवश्यक छ',
    numeric: 'यो फिल्डमा अंक मात्र हुनुपर्छ',
    tooLong: 'यो धेरै लामो भयो',
    searchTooShort: 'कम्तीमा ३ अक्षर लेख्नुहोस्',
    mobile: '९७ वा ९८ बाट सुरु हुने १० अंकको मोबाइल नम्बर लेख्नुहोस्',
    email: 'मान्य इमेल ठेगाना लेख्नुहोस्',
    password: 'कम्तीमा एउटा अक्षर र एउटा अंकसहित ८ वा बढी वर्ण प्रयोग गर्नुहोस्',
    passwordMatch: 'पासवर्डहरू मिलेनन्',
    username: 'अक्षरबाट सुरु हुने ३ देखि ४० वटा अक्षर, अंक, थोप्लो वा अन्डरस्कोर प्रयोग गर्नुहोस्',
    date: 'मान्य मिति लेख्नुहोस्',
    refundBeforeReceived: 'रकम प्राप्त हुनुअघिको मितिमा फिर्ता गर्न सकिँदैन',
    futureDate: 'यो मिति भविष्यको हुन सक्दैन',
    choice: 'मान्य विकल्प छान्नुहोस्',
    range: 'यो मान सीमाभन्दा बाहिर छ',
    capitalOrder: 'चुक्ता पुँजी चालु पुँजीभन्दा र चालु पुँजी अधिकतम पुँजीभन्दा बढी हुनु हुँदैन',
    file: '५ MB सम्मको JPEG, PNG वा PDF फाइल अपलोड गर्नुहोस्',
    filters: 'फिल्टरहरू मान्य छैनन्',
    invalid: 'पठाइएको विवरण मान्य छैन',
    slug: 'साना अंग्रेजी अक्षर, अंक र एकल ड्यास मात्र प्रयोग गर्नुहोस्',
    minMax: 'अधिकतम मान न्यूनतमभन्दा कम हुनु हुँदैन',
    dateOrder: 'अन्तिम मिति सुरु मितिभन्दा पछिको हुनुपर्छ',
    fiscalYearCode: 'आर्थिक वर्ष २०८४/८५ जस्तै लेख्नुहोस्',
    phone: '६ देखि २० अंकको फोन नम्बर लेख्नुहोस्',
    maxOwners: 'तपाईं ४ भन्दा बढी नाम थप्न सक्नुहुन्न।',
    noChanges: 'कम्तीमा एउटा विवरण परिवर्तन गर्नुहोस्।',
    minOwners: 'कम्तीमा २ जना धनीको नाम थप्नुहोस्',
    otp: '६ अंकको कोड लेख्नुहोस्',
    fileRequired: '"{{name}}" आवश्यक छ।',
    monthLength: 'एक महिनामा २९ देखि ३२ दिन हुन्छन्',
    yearLength: '१२ महिनाको जम्मा ३६५ वा ३६६ दिन हुनुपर्छ',
  },
  errors: {
    validation: 'दिइएको विवरण मान्य छैन।',
    notFound: 'स्रोत फेला परेन।',
    unauthorized: 'अनधिकृत पहुँच।',
    unauthenticated: 'कृपया फेरि लगइन गर्नुहोस्।',
    server: 'सर्भरमा आन्तरिक त्रुटि भयो।',
    conflict: 'हालको अवस्थामा यो कार्य गर्न मिल्दैन।',
    invalidCredentials: 'प्रयोगकर्ता नाम वा पासवर्ड मिलेन।',
    passwordChangeRequired:
      'तपाईंले एक पटक मात्र चल्ने पासवर्डले लगइन गर्नुभयो। अगाडि बढ्नुअघि प्रोफाइल पेजमा (पासवर्ड परिवर्तन गर्नुहोस्) नयाँ पासवर्ड राख्नुहोस्।',
    locked:
      'धेरै पटक असफल प्रयास भयो। {{minutes}} मिनेटपछि फेरि प्रयास गर्नुहोस्, वा “पासवर्ड बिर्सनुभयो?” बाट नयाँ पासवर्ड राख्नुहोस्।',
    unsupportedMediaType: 'यस्तो अनुरोध यहाँ स्वीकार गरिँदैन।',
    bodyTooLarge: 'अनुरोध धेरै ठूलो छ।',
    fileTooLarge: 'फाइल ५ MB भन्दा ठूलो छ।',
    storageFull:
      'कार्यालयले अहिले फाइल राख्न सक्दैन। केही पनि सुरक्षित भएन; पछि फेरि प्रयास गर्नुहोस् वा वडा कार्यालयलाई जानकारी दिनुहोस्।',
    databaseUnavailable:
      'सेवा केही क्षणका लागि उपलब्ध छैन। केही पनि हराएको छैन; केही सेकेन्डपछि फेरि प्रयास गर्नुहोस्।',
    fileType: 'JPEG, PNG वा PDF फाइल मात्र स्वीकार गरिन्छ।',
    usernameTaken: 'यो प्रयोगकर्ता नाम पहिल्यै लिइएको छ।',
    phoneTaken: 'यो फोन नम्बर पहिल्यै दर्ता भएको छ।',
    noTaxBand: 'यस आर्थिक वर्षमा यो व्यवसाय प्रकार र पुँजीका लागि कर निर्धारण छैन।',
    noFiscalYear: 'सक्रिय आर्थिक वर्ष तोकिएको छैन।',
    receiptTaken: 'यो रसिद नम्बर यस आर्थिक वर्षमा पहिल्यै प्रयोग भएको छ।',
    receiptReserved:
      'ES- वा KH- बाट सुरु हुने रसिद नम्बर अनलाइन भुक्तानीका लागि हुन्। कागजी रसिदमा छापिएको नम्बर लेख्नुहोस्।',
    tooManyRequests: 'धेरै अनुरोधहरू भए। केही बेर पर्खेर फेरि प्रयास गर्नुहोस्।',
    badRequest: 'अनुरोध मान्य छैन।',
    unknownSort: '"{{key}}" अनुसार क्रमबद्ध गर्न मिल्दैन।',
    unknownFilter: '"{{key}}" नामको फिल्टर छैन।',
    actionFailed: 'कार्य असफल भयो',
    badFilter: '"{{key}}" फिल्टरको मान मान्य छैन।',
    badCursor: 'सूचीको यो स्थान अब मान्य छैन। पहिलो पृष्ठमा फर्कनुहोस्।',
    pageTooDeep: 'यो पृष्ठ सूचीमा धेरै पछाडि छ। अघिल्लो पृष्ठबाट "अर्को" थिच्नुहोस् वा फिल्टर साँघुरो पार्नुहोस्।',
    bandOverlap: 'यो पुँजी दायरा सोही व्यवसाय प्रकार र आर्थिक वर्षको अर्को दायरासँग खप्टिन्छ।',
    builtIn: 'यो प्रणालीमै बनेको हो; यसलाई परिवर्तन गर्न वा मेटाउन मिल्दैन।',
    currentFiscalYear: 'चालु आर्थिक वर्षलाई निष्क्रिय गर्न वा मेटाउन मिल्दैन; बरु अर्को वर्ष सक्रिय गर्नुहोस्।',
    fiscalYearOverlap: 'यी मितिहरू अर्को आर्थिक वर्षसँग खप्टिन्छन्।',
    inUse: 'यो अभिलेख अझै प्रयोगमा छ: {{uses}}।',
    lastAdmin: 'कम्तीमा एक जना सक्रिय प्रणाली प्रशासक रहनुपर्छ।',
    noPalika: 'नगरपालिका अझै तोकिएको छैन।',
    nothingDeleted: 'केही पनि मेटाइएन।',
    selfAccount: 'तपाईं आफ्नै खाता निष्क्रिय गर्न वा मेटाउन सक्नुहुन्न।',
    taken: 'यो पहिल्यै प्रयोगमा छ।',
    unknownField: 'यो फिल्ड यहाँबाट परिवर्तन गर्न मिल्दैन।',
    photosFirst: 'कृपया पहिले फोटोहरू अपलोड गर्नुहोस्',
    notRenewable: 'स्वीकृत दर्ता मात्र नवीकरण गर्न सकिन्छ।',
    notDueForRenewal:
      'यो दर्ता नवीकरणको समय भएको छैन। म्याद सकिनुभन्दा पालिकाले तोकेको दिनअघिदेखि मात्र नवीकरण गर्न सकिन्छ।',
    renewalOpen: 'यस दर्ताको नवीकरण प्रक्रियामा छ।',
    notARegistration: 'स्वीकृत दर्ता मात्र संशोधन, खारेजी वा प्रतिलिपि गर्न सकिन्छ।',
    registrationClosed: 'यो व्यवसाय बन्द भइसकेको छ।',
    requestOpen: 'यस दर्ताको यस्तै अनुरोध प्रक्रियामा छ।',
    noCertificate: 'यस दर्ताको प्रमाणपत्र अझै छैन।',
    notClosed: 'यो दर्ता खारेज भएको छैन।',
    registrationNoTaken: 'यो दर्ता नम्बर प्रणालीमा पहिले नै छ।',
    notOldRegistration: 'पुरानो (कागजी) दर्ता मात्र यसरी प्रणालीमा स्वीकार गर्न सकिन्छ।',
    oldRegistrationOnly: 'पुरानो (कागजी) दर्ता प्रमाणित होइन, स्वीकार गरिन्छ।',
    otpInvalid: 'कोड मिलेन।',
    otpExpired: 'कोडको म्याद सकियो। नयाँ कोड माग्नुहोस्।',
    otpUsedUp: 'धेरै पटक गलत कोड हालियो। नयाँ कोड माग्नुहोस्।',
    otpResetInvalid:
      'कोड मिलेन वा अब मान्य छैन। प्रयोगकर्ता नाम वा मोबाइल नम्बर जाँच्नुहोस्, वा नयाँ कोड माग्नुहोस्।',
    otpCooldown: 'अर्को कोड माग्न {{seconds}} सेकेन्ड पर्खनुहोस्।',
    otpCap: 'यो नम्बरमा धेरै कोड पठाइयो। {{minutes}} मिनेटपछि फेरि प्रयास गर्नुहोस्।',
    wrongPassword: 'हालको पासवर्ड मिलेन।',
    notPayable: 'बिल भएको प्रमाणित निवेदन मात्र भुक्तानी गर्न सकिन्छ।',
    channelUnavailable: 'यो भुक्तानी माध्यम उपलब्ध छैन।',
    idempotencyReused: 'यो भुक्तानी कुञ्जी अर्को भुक्तानीमा प्रयोग भइसकेको छ।',
    paymentClosed: 'यो भुक्तानी बन्द भयो। नयाँ भुक्तानी सुरु गर्नुहोस्।',
    paymentInProgress: 'यस बिलको अर्को भुक्तानी सुरु हुँदैछ। केही बेर पर्खेर फेरि प्रयास गर्नुहोस्।',
    duplicate: 'यो विवरण पहिल्यै छ। पृष्ठ फेरि खोलेर हेर्नुहोस्।',
    notRefundDue: 'यो भुक्तानी फिर्ता गर्न बाँकी छैन।',
    alreadyPaid: 'यो निवेदनको भुक्तानी भइसकेको छ।',
    gatewayDown:
      'भुक्तानी सेवाले जवाफ दिएन। तपाईंको भुक्तानी बाँकी अवस्थामा राखिएको छ र छिट्टै फेरि जाँच गरिनेछ।',
    paymentTampered: 'भुक्तानीको जवाफ प्रमाणित हुन सकेन, अस्वीकार गरियो।',
    paymentAmount: 'तिरेको रकम बिलसँग मिलेन।',
    paymentOtherApplication: 'यो भुक्तानी अर्को निवेदनको हो।',
    paymentExpired: 'यो भुक्तानी लिंकको म्याद सकियो। नयाँ भुक्तानी सुरु गर्नुहोस्।',
    paymentReused: 'यो कारोबार अर्को भुक्तानीमा प्रयोग भइसकेको छ।',
    onlyApplicantPays: 'अनलाइन भुक्तानी आवेदक आफैँले गर्छन्; कर्मचारीले काउन्टर भुक्तानी दर्ता गर्छन्।',
    amountMismatch: 'रकम बिलसँग बराबर हुनुपर्छ: {{amount}}।',
  },
  common: {
    loading: 'लोड हुँदैछ…',
    confirm: 'पुष्टि गर्नुहोस्',
    cancel: 'रद्द गर्नुहोस्',
    areYouSure: 'के तपाईं निश्चित हुनुहुन्छ?',
    actionSuccess: 'कार्य सफल भयो',
    success: 'सफल',
    updated: 'सफलतापूर्वक अद्यावधिक भयो',
    language: 'भाषा',
    noPermission: 'तपाईंलाई यो पृष्ठ खोल्ने अनुमति छैन।',
    openFile: 'फाइल खोल्नुहोस्',
  },
  auth: {
    loginTitle: 'लगइन',
    usernameOrPhone: 'प्रयोगकर्ता नाम वा फोन नम्बर',
    password: 'पासवर्ड',
    login: 'लगइन गर्नुहोस्',
    noAccount: 'खाता छैन?',
    registerLink: 'दर्ता गर्नुहोस्',
    registerTitle: 'नयाँ खाता बनाउनुहोस्',
    name: 'पूरा नाम',
    username: 'प्रयोगकर्ता नाम',
    phone: 'मोबाइल नम्बर',
    email: 'इमेल',
    passwordConfirmation: 'पासवर्ड पुष्टि',
    gender: 'लिङ्ग',
    register: 'दर्ता गर्नुहोस्',
    haveAccount: 'पहिल्यै दर्ता हुनुहुन्छ?',
    loginLink: 'लगइन गर्नुहोस्',
    publicRegisterLink: 'दर्ता भएका व्यवसाय खोज्नुहोस्',
  },
  a11y: {
    close: 'बन्द गर्नुहोस्',
    togglePassword: 'पासवर्ड देखाउनुहोस् वा लुकाउनुहोस्',
    previousPage: 'अघिल्लो पृष्ठ',
    nextPage: 'अर्को पृष्ठ',
    notSorted: 'क्रमबद्ध गरिएको छैन',
    sortedAsc: 'बढ्दो क्रममा',
    sortedDesc: 'घट्दो क्रममा',
    // "98XXXXXXXX": X is Latin, so the pattern is said in words.
    phonePlaceholder: '९८ पछि ८ अङ्क',
  },
  forgot: {
    link: 'पासवर्ड बिर्सनुभयो?',
    done: 'तपाईंको पासवर्ड बदलियो। नयाँ पासवर्डले लगइन गर्नुहोस्।',
  },
  manual: {
    nav: 'प्रयोगकर्ता पुस्तिका',
  },
  settings: {
    emblemAlt: '{{name}}को निशान छाप',
  },
};

export default signIn;
