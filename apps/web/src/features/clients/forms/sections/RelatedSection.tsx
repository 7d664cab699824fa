import { ClientPicker } from '../ClientPicker.tsx';
import { Section } from './Section.tsx';

export function RelatedSection({ selfId }: { selfId?: number }) {
  return (
    <Section legend="Related clients">
      <ClientPicker name="billingClient" label="Billing client" kind="search" excludeId={selfId} />
      <ClientPicker name="adminClient" label="Admin client" kind="search" excludeId={selfId} />
      <ClientPicker name="affiliateClient" label="Affiliate client" kind="affiliate" excludeId={selfId} />
    </Section>
  );
}
