/** A calendar date (YYYY-MM-DD) as an instant that stays on the same day in every time zone within ±12 h of UTC. */
export const calendarDay = (date: string) => `${date}T12:00:00Z`
