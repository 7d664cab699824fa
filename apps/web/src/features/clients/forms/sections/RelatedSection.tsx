import { Section } from '../../../../components/form/Section.tsx';
import { ClientPicker } from '../ClientPicker.tsx';

export function RelatedSection({ selfId }: { selfId?: number }) {
  return (
    <Section legend="Related clients">
      <ClientPicker name="billingClient" label="Billing client" kind="search" excludeId={selfId} />
      <ClientPicker name="adminClient" label="Admin client" kind="search" excludeId={selfId} />
      <ClientPicker name="affiliateClient" label="Affiliate client" kind="affiliate" excludeId={selfId} />
    </Section>
  );
}
