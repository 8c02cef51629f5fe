/**
 * The words of reminders and notifications, in the person's language (their profile's, else English):
 * push titles and bodies, and the reminder mails (with the one-click unsubscribe link).
 */
import type { EmailNotificationKind } from '../../../contracts/notifications';
import { escapeHtml, render, type MailLocale, type RenderedMail } from '../../mail/templates';

/** What a deadline reminder says: how many of a round's matches close soon without my prediction, in which group. */
export interface DeadlineFacts { matches: number; hours: number; groupName: string }
/** What a results notice says: my points in the round, my place now, in which group. */
export interface ResultsFacts { points: number; rank: number; groupName: string }
/** What a goal notice says: the score now and my prediction. */
export interface GoalFacts { home: string; away: string; homeGoals: number; awayGoals: number; predictedHome: number; predictedAway: number }

/** "2nd" / "2º" / "2.º". */
export function ordinal(locale: MailLocale, n: number): string {
  if (locale === 'pt-BR') return `${n}º`;
  if (locale === 'es') return `${n}.º`;
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th' }[new Intl.PluralRules('en', { type: 'ordinal' }).select(n) as 'one' | 'two' | 'few' | 'other'] ?? 'th';
  return `${n}${suffix}`;
}

/** Push title and body of a deadline reminder. */
export function deadlineText(locale: MailLocale, facts: DeadlineFacts): { title: string; body: string } {
  const { matches: n, hours, groupName } = facts;
  if (locale === 'pt-BR') {
    return { title: groupName, body: n === 1 ? `1 jogo fecha em ${hours} horas e você ainda não deu seu palpite.` : `${n} jogos fecham em ${hours} horas e você ainda não deu seus palpites.` };
  }
  if (locale === 'es') {
    return { title: groupName, body: n === 1 ? `1 partido cierra en ${hours} horas y aún no lo pronosticaste.` : `${n} partidos cierran en ${hours} horas y aún no los pronosticaste.` };
  }
  return { title: groupName, body: n === 1 ? `1 match closes in ${hours} hours and you haven't predicted it.` : `${n} matches close in ${hours} hours and you haven't predicted them.` };
}

/** Push title and body of a results notice: "Results are in: you scored 13 points, now 2nd in Office Pool". */
export function resultsText(locale: MailLocale, facts: ResultsFacts): { title: string; body: string } {
  const { points, rank, groupName } = facts;
  const place = ordinal(locale, rank);
  if (locale === 'pt-BR') {
    return { title: 'Resultados', body: `Resultados: você fez ${points} ${Math.abs(points) === 1 ? 'ponto' : 'pontos'} e agora está em ${place} no ${groupName}.` };
  }
  if (locale === 'es') {
    return { title: 'Resultados', body: `Ya hay resultados: sumaste ${points} ${Math.abs(points) === 1 ? 'punto' : 'puntos'} y ahora vas ${place} en ${groupName}.` };
  }
  return { title: 'Results are in', body: `Results are in: you scored ${points} ${Math.abs(points) === 1 ? 'point' : 'points'}, now ${place} in ${groupName}.` };
}

/** Push title and body of a goal in a match I predicted. */
export function goalText(locale: MailLocale, facts: GoalFacts): { title: string; body: string } {
  const score = `${facts.home} ${facts.homeGoals}–${facts.awayGoals} ${facts.away}`;
  const mine = `${facts.predictedHome}–${facts.predictedAway}`;
  if (locale === 'pt-BR') return { title: 'Gol!', body: `${score}. Seu palpite: ${mine}.` };
  if (locale === 'es') return { title: '¡Gol!', body: `${score}. Tu pronóstico: ${mine}.` };
  return { title: 'Goal!', body: `${score}. Your prediction: ${mine}.` };
}

const MAIL: Record<MailLocale, { greeting: string; predict: string; ranking: string; after: string; unsubscribe: Record<EmailNotificationKind, string> }> = {
  en: {
    greeting: 'Hi,', predict: 'Predict now', ranking: 'See the ranking', after: 'Good luck!',
    unsubscribe: { deadline: 'Stop deadline reminders by email', results: 'Stop results by email' },
  },
  'pt-BR': {
    greeting: 'Olá!', predict: 'Dar meus palpites', ranking: 'Ver a classificação', after: 'Boa sorte!',
    unsubscribe: { deadline: 'Não quero mais lembretes de prazo por e-mail', results: 'Não quero mais resultados por e-mail' },
  },
  es: {
    greeting: 'Hola:', predict: 'Pronosticar ahora', ranking: 'Ver la clasificación', after: '¡Suerte!',
    unsubscribe: { deadline: 'No quiero más recordatorios de cierre por correo', results: 'No quiero más resultados por correo' },
  },
};

/**
 * A reminder mail: the push text as its body, a button to `url`, and at the end the unsubscribe link
 * (`unsubscribeUrl`, the web page that turns this kind off in one click).
 */
export function reminderMail(locale: MailLocale, kind: EmailNotificationKind, text: { title: string; body: string }, url: string, unsubscribeUrl: string): RenderedMail {
  const words = MAIL[locale];
  const subject = kind === 'deadline' ? `${text.title}: ${text.body}` : text.body;
  const mail = render({ subject, greeting: words.greeting, body: text.body, button: kind === 'deadline' ? words.predict : words.ranking, after: words.after }, url);
  const stop = words.unsubscribe[kind];
  return {
    ...mail,
    text: `${mail.text}\n${stop}: ${unsubscribeUrl}\n`,
    html: mail.html.replace(/<\/div>$/, `<p style="color:#777;font-size:12px;margin-top:24px"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#777">${escapeHtml(stop)}</a></p></div>`),
  };
}
