/** The practice's privacy notice (POPIA section 18), paragraphs by blank lines, as plain text (never HTML). */
export function NoticeSection({ practiceName, notice }: { practiceName: string; notice: string }) {
  return (
    <section className="fill-notice" aria-labelledby="fill-notice-title" data-testid="fill-notice">
      <h2 id="fill-notice-title">How {practiceName} uses your information</h2>
      {notice
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((paragraph, i) => (
          // The notice's paragraphs never reorder: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: static text
          <p key={i}>{paragraph.trim()}</p>
        ))}
    </section>
  );
}
