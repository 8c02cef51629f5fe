/**
 * The words of the group's spreadsheets (CSV exports) in the three languages: the header rows, the marks
 * of a result after extra time or on penalties, and of a joker. The web's own texts stay in src/web/i18n;
 * these are the few a file needs, kept beside the code that writes them.
 */
import type { LanguageCode } from '../../../domain/languages';

/** The words of one language. */
export interface ExportLabels {
  ranking: { rank: string; player: string; points: string; exact: string; goalDifference: string; winner: string; opposite: string; bonus: string; jokers: string };
  predictions: { round: string; kickoff: string; match: string; player: string; prediction: string; result: string; points: string; joker: string };
  /** After a score decided in extra time ("3–3 a.e.t."), and after a shoot-out ("4–2 pens"). */
  extraTime: string;
  penalties: string;
  /** A joker's cell: "yes" ('' without one). */
  yes: string;
}

/** The labels by language (the specification's wording in English). */
export const EXPORT_LABELS: Record<LanguageCode, ExportLabels> = {
  en: {
    ranking: {
      rank: 'Rank', player: 'Player', points: 'Points', exact: 'Exact score (10)', goalDifference: 'Goal difference (5)',
      winner: 'Winner (3)', opposite: 'Opposite result (−2)', bonus: 'Bonus', jokers: 'Jokers played',
    },
    predictions: { round: 'Round', kickoff: 'Kickoff (UTC)', match: 'Match', player: 'Player', prediction: 'Prediction', result: 'Result', points: 'Points', joker: 'Joker' },
    extraTime: 'a.e.t.', penalties: 'pens', yes: 'yes',
  },
  'pt-BR': {
    ranking: {
      rank: 'Posição', player: 'Participante', points: 'Pontos', exact: 'Placar exato (10)', goalDifference: 'Saldo de gols (5)',
      winner: 'Vencedor (3)', opposite: 'Resultado oposto (−2)', bonus: 'Bônus', jokers: 'Coringas usados',
    },
    predictions: { round: 'Rodada', kickoff: 'Início (UTC)', match: 'Jogo', player: 'Participante', prediction: 'Palpite', result: 'Resultado', points: 'Pontos', joker: 'Coringa' },
    extraTime: 'prorr.', penalties: 'pên.', yes: 'sim',
  },
  es: {
    ranking: {
      rank: 'Puesto', player: 'Jugador', points: 'Puntos', exact: 'Resultado exacto (10)', goalDifference: 'Diferencia de goles (5)',
      winner: 'Ganador (3)', opposite: 'Resultado opuesto (−2)', bonus: 'Extra', jokers: 'Comodines jugados',
    },
    predictions: { round: 'Jornada', kickoff: 'Inicio (UTC)', match: 'Partido', player: 'Jugador', prediction: 'Pronóstico', result: 'Resultado', points: 'Puntos', joker: 'Comodín' },
    extraTime: 'prórr.', penalties: 'pen.', yes: 'sí',
  },
};
