import type { MailMessages } from './en';

/** The server's e-mail texts in Spanish (neutral, "tú"). */
export const es: MailMessages = {
  'reset.subject': 'Restablece tu contraseña de SocialGenX',
  'reset.body':
    'Hola, {{name}}:\n\nAlguien pidió restablecer la contraseña de tu cuenta de SocialGenX. Si fuiste tú, abre este enlace antes de que pase una hora:\n\n{{link}}\n\nSi no fuiste tú, ignora este correo: tu contraseña sigue igual.\n',
  'otp.subject': 'Tu código de verificación de SocialGenX',
  'otp.body':
    'Hola, {{name}}:\n\nTu código de verificación es {{code}}. Es válido durante {{minutes}} minutos.\n',
  'payoutCode.subject': 'Tu código de SocialGenX para la dirección de pago',
  'payoutCode.body':
    'Hola, {{name}}:\n\nTu código para cambiar una dirección de pago es {{code}}. Es válido durante {{minutes}} minutos y sirve una sola vez.\n\nSi no lo pediste, puede que alguien esté usando tu cuenta: cambia tu contraseña ahora.\n',
  'event.seeIt': 'Míralo en tu cuenta: {{link}}',
  'staffInvite.subject': 'Te invitan al back-office de SocialGenX',
  'staffInvite.body':
    'Hola {{name}}:\n\nTe invitan al back-office de SocialGenX como {{roles}}.\nCrea tu contraseña aquí (el enlace funciona una vez, durante 3 días): {{link}}\nLuego entra en /admin-login y configura la verificación en dos pasos.',
  'identity.approved.title': 'Nivel de identidad {{level}} aprobado',
  'identity.approved.body':
    'Tu verificación de identidad del nivel {{level}} fue aprobada. Tus nuevos límites ya se aplican.',
  'identity.rejected.title': 'Nivel de identidad {{level}} no aprobado',
  'identity.rejected.body':
    'Tu verificación de identidad del nivel {{level}} no fue aprobada. Motivo: {{reason}}\nPuedes corregirla y enviarla de nuevo desde tu perfil.',
  'event.choose': 'Puedes elegir cuáles de estos correos recibes en {{link}}.',
};
