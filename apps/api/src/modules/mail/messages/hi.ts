import type { MailMessages } from './en';

/** The server's e-mail texts in Hindi (Devanagari). */
export const hi: MailMessages = {
  'reset.subject': 'अपना SocialGenX पासवर्ड रीसेट करें',
  'reset.body':
    'नमस्ते {{name}},\n\nकिसी ने आपके SocialGenX खाते का पासवर्ड रीसेट करने के लिए कहा है। अगर यह आप थे, तो एक घंटे के भीतर यह लिंक खोलें:\n\n{{link}}\n\nअगर यह आप नहीं थे, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।\n',
  'otp.subject': 'आपका SocialGenX सत्यापन कोड',
  'otp.body': 'नमस्ते {{name}},\n\nआपका सत्यापन कोड {{code}} है। यह {{minutes}} मिनट तक मान्य है।\n',
  'payoutCode.subject': 'आपका SocialGenX भुगतान पता कोड',
  'payoutCode.body':
    'नमस्ते {{name}},\n\nभुगतान पता बदलने के लिए आपका कोड {{code}} है। यह {{minutes}} मिनट तक मान्य है और केवल एक बार काम करता है।\n\nअगर आपने यह नहीं माँगा, तो हो सकता है कोई और आपके खाते का उपयोग कर रहा हो: अभी अपना पासवर्ड बदलें।\n',
  'event.seeIt': 'इसे अपने खाते में देखें: {{link}}',
  'staffInvite.subject': 'आपको SocialGenX बैक-ऑफ़िस में आमंत्रित किया गया है',
  'staffInvite.body':
    'नमस्ते {{name}},\n\nआपको SocialGenX बैक-ऑफ़िस में {{roles}} के रूप में आमंत्रित किया गया है।\nयहाँ अपना पासवर्ड सेट करें (लिंक एक बार, 3 दिनों तक काम करता है): {{link}}\nफिर /admin-login पर साइन-इन करें और टू-फ़ैक्टर साइन-इन सेट करें।',
  'identity.approved.title': 'पहचान स्तर {{level}} स्वीकृत',
  'identity.approved.body': 'स्तर {{level}} के लिए आपका पहचान सत्यापन स्वीकृत हो गया। आपकी नई सीमाएँ अब लागू हैं।',
  'identity.rejected.title': 'पहचान स्तर {{level}} स्वीकृत नहीं',
  'identity.rejected.body':
    'स्तर {{level}} के लिए आपका पहचान सत्यापन स्वीकृत नहीं हुआ। कारण: {{reason}}\nआप इसे सुधारकर अपनी प्रोफ़ाइल से फिर से भेज सकते हैं।',
  'event.choose': 'इनमें से कौन-से ईमेल आपको मिलें, यह आप {{link}} पर चुन सकते हैं।',
};
