/**
 * The account mails (verification, password reset, password changed) in the three launch languages,
 * each as a subject, a plain-text body and an HTML body. The language is the person's own (profile)
 * when chosen, else the request's Accept-Language, else English. They greet without a name: whoever
 * signs up chooses the name, and may not own the address the mail goes to (a name like "Account locked:
 * sign in at https://evil.example" would otherwise reach a stranger's inbox in our words).
 */
import { LANGUAGE_CODES } from '../../domain/languages';
import { preferredLanguage, type Language } from '../http/language';

/** The languages mails are written in: those Palpite speaks. */
export type MailLocale = Language;

/** A supported language from a stored choice ('pt-BR'…), or null. */
export function storedLocale(language: string | null | undefined): MailLocale | null {
  return (LANGUAGE_CODES as readonly (string | null | undefined)[]).includes(language) ? (language as MailLocale) : null;
}

/** Picks the first supported language from an Accept-Language header (English when none): http/language.ts. */
export const mailLocale: (acceptLanguage: string | null | undefined) => MailLocale = preferredLanguage;

/** A rendered mail: what the mailer needs besides the recipient. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The action link the mail carries (logged in outbox mode), if any. */
  link?: string;
}

/** A mail's words: subject, greeting, body, the button's label (with a link), and a closing line. */
export interface Copy {
  subject: string;
  greeting: string;
  body: string;
  button?: string;
  after: string;
}

const verify: Record<MailLocale, Copy> = {
  en: {
    subject: 'Confirm your email for Palpite',
    greeting: 'Hi,',
    body: 'Confirm your email address to start predicting with your friends:',
    button: 'Confirm my email',
    after: "The link works for 24 hours. If you didn't sign up for Palpite, ignore this message.",
  },
  'pt-BR': {
    subject: 'Confirme seu e-mail no Palpite',
    greeting: 'Olá!',
    body: 'Confirme seu endereço de e-mail para começar a dar seus palpites com os amigos:',
    button: 'Confirmar meu e-mail',
    after: 'O link vale por 24 horas. Se você não se cadastrou no Palpite, ignore esta mensagem.',
  },
  es: {
    subject: 'Confirma tu correo en Palpite',
    greeting: 'Hola:',
    body: 'Confirma tu dirección de correo para empezar a pronosticar con tus amigos:',
    button: 'Confirmar mi correo',
    after: 'El enlace vale 24 horas. Si no te registraste en Palpite, ignora este mensaje.',
  },
};

const reset: Record<MailLocale, Copy> = {
  en: {
    subject: 'Reset your Palpite password',
    greeting: 'Hi,',
    body: 'Someone asked to reset the password of your Palpite account. Choose a new one here:',
    button: 'Choose a new password',
    after: "The link works once, for 1 hour. If you didn't ask for it, ignore this message: your password stays as it is.",
  },
  'pt-BR': {
    subject: 'Redefina sua senha do Palpite',
    greeting: 'Olá!',
    body: 'Alguém pediu para redefinir a senha da sua conta no Palpite. Escolha uma nova aqui:',
    button: 'Escolher uma nova senha',
    after: 'O link funciona uma vez, por 1 hora. Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
  },
  es: {
    subject: 'Restablece tu contraseña de Palpite',
    greeting: 'Hola:',
    body: 'Alguien pidió restablecer la contraseña de tu cuenta de Palpite. Elige una nueva aquí:',
    button: 'Elegir una nueva contraseña',
    after: 'El enlace funciona una vez, durante 1 hora. Si no fuiste tú, ignora este mensaje: tu contraseña sigue igual.',
  },
};

const changed: Record<MailLocale, Copy> = {
  en: {
    subject: 'Your Palpite password was changed',
    greeting: 'Hi,',
    body: 'The password of your Palpite account was just changed, and every other device was signed out.',
    after: "If this wasn't you, reset your password at once from the sign-in page and write to us.",
  },
  'pt-BR': {
    subject: 'Sua senha do Palpite foi alterada',
    greeting: 'Olá!',
    body: 'A senha da sua conta no Palpite acabou de ser alterada, e todos os outros aparelhos foram desconectados.',
    after: 'Se não foi você, redefina sua senha agora pela página de login e fale com a gente.',
  },
  es: {
    subject: 'Tu contraseña de Palpite cambió',
    greeting: 'Hola:',
    body: 'La contraseña de tu cuenta de Palpite acaba de cambiar, y se cerró la sesión en todos los demás dispositivos.',
    after: 'Si no fuiste tú, restablece tu contraseña ahora desde la página de inicio de sesión y escríbenos.',
  },
};

const guessed: Record<MailLocale, Copy> = {
  en: {
    subject: 'Failed sign-ins to your Palpite account',
    greeting: 'Hi,',
    body: 'Someone tried to sign in to your Palpite account with a wrong password 10 times in the last 15 minutes. Sign-ins to it now wait until the attempts stop.',
    button: 'Choose a new password',
    after: "If it was you, wait a few minutes and try again. If it wasn't, choose a new password with the link above; your predictions are safe.",
  },
  'pt-BR': {
    subject: 'Tentativas de login na sua conta do Palpite',
    greeting: 'Olá!',
    body: 'Alguém tentou entrar na sua conta do Palpite com uma senha errada 10 vezes nos últimos 15 minutos. Os logins nela agora esperam até as tentativas pararem.',
    button: 'Escolher uma nova senha',
    after: 'Se foi você, espere alguns minutos e tente de novo. Se não foi, escolha uma nova senha pelo link acima; seus palpites estão seguros.',
  },
  es: {
    subject: 'Intentos de inicio de sesión en tu cuenta de Palpite',
    greeting: 'Hola:',
    body: 'Alguien intentó entrar en tu cuenta de Palpite con una contraseña incorrecta 10 veces en los últimos 15 minutos. Los inicios de sesión en ella esperan ahora hasta que los intentos paren.',
    button: 'Elegir una nueva contraseña',
    after: 'Si fuiste tú, espera unos minutos y vuelve a intentarlo. Si no, elige una nueva contraseña con el enlace de arriba; tus pronósticos están a salvo.',
  },
};

/** Tells an account's owner that its sign-ins are held after repeated wrong passwords; `resetUrl` leads to /#/request-password-reset. */
export function failedSignInsMail(locale: MailLocale, resetUrl: string): RenderedMail {
  return render(guessed[locale], resetUrl);
}

/** The email-verification mail; `url` is the confirmation link. */
export function verificationMail(locale: MailLocale, url: string): RenderedMail {
  return render(verify[locale], url);
}

/** The password-reset mail; `url` is the link to /#/update-password with its token. */
export function passwordResetMail(locale: MailLocale, url: string): RenderedMail {
  return render(reset[locale], url);
}

/** The notice that the password was changed (after a reset or on the profile), with a link to sign in. */
export function passwordChangedMail(locale: MailLocale, loginUrl: string): RenderedMail {
  const mail = render(changed[locale]);
  return { ...mail, text: `${mail.text}${loginUrl}\n`, html: `${mail.html}<p><a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a></p>` };
}

/** Renders `copy` as text and HTML, with a button to `url` when given. */
export function render(copy: Copy, url?: string): RenderedMail {
  const greeting = copy.greeting;
  const text = [greeting, '', copy.body, '', ...(url ? [url, ''] : []), copy.after, ''].join('\n');
  const button = url && copy.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#047857;color:#fff;padding:12px 18px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(copy.button)}</a></p>` +
      `<p style="color:#555;font-size:13px;word-break:break-all">${escapeHtml(url)}</p>`
    : '';
  const html = '<div style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;font-size:15px;line-height:1.5;color:#0f172a;max-width:520px">' +
    `<p style="font-weight:800;color:#047857;font-size:18px">Palpite</p><p>${escapeHtml(greeting)}</p><p>${escapeHtml(copy.body)}</p>${button}` +
    `<p style="color:#555">${escapeHtml(copy.after)}</p></div>`;
  return { subject: copy.subject, text, html, link: url };
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}
