import type { Plan, SectionOf } from "../../schemas";
import { FormDialogButton } from "../../ui/components/FormDialog";
import { DraftMark, draftOutline } from "../../ui/components/Draft";
import { ScheduleMark } from "../../ui/components/Scheduled";
import { SubHeading } from "../../ui/components/Heading";
import { Icon } from "../../ui/components/Icon";
import { useEntries, useEntry, useSite } from "../../ui/content/ContentProvider";
import { SectionFrame } from "../../ui/sections/SectionFrame";
import "./pricing.css";

function usePrice(plan: Plan): string {
  const { seo } = useSite();
  return new Intl.NumberFormat(seo.locale, {
    style: "currency",
    currency: plan.currency,
    maximumFractionDigits: Number.isInteger(plan.price) ? 0 : 2,
  }).format(plan.price);
}

function PlanCard({ plan, section }: { plan: Plan; section: SectionOf<"pricing"> }) {
  const price = usePrice(plan);
  const included = useEntry(plan.includes);
  return (
    <li className={`plan${plan.popular ? " plan--popular" : ""}`} style={draftOutline(plan.draft)}>
      <DraftMark draft={plan.draft} />
      <ScheduleMark item={plan} />
      {plan.popular && <p className="plan__badge">{section.popularLabel}</p>}
      <SubHeading className="plan__name">{plan.name}</SubHeading>
      <p className="plan__price">
        <span className="plan__amount">{price}</span>
        <span className="plan__period">{section.periodLabel}</span>
      </p>
      <p className="plan__summary">{plan.summary}</p>
      {included && <p className="plan__includes">{section.includesLabel.replace("{plan}", included.name)}</p>}
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <Icon name="check" />
            {feature}
          </li>
        ))}
      </ul>
      <FormDialogButton
        form={section.form}
        choice={plan.name}
        context={`${plan.name} · ${price}${section.periodLabel}`}
        className={`button ${plan.popular ? "button--primary" : "button--secondary"} plan__action`}
        label={`${section.buttonLabel}: ${plan.name}`}
      >
        {section.buttonLabel}
      </FormDialogButton>
    </li>
  );
}

/** Plan cards; each opens the section's form (subscribe) in a popup, titled with the plan. */
export function Pricing(section: SectionOf<"pricing">) {
  const plans = useEntries(section.plans);
  return (
    <SectionFrame section={section} className="pricing">
      <ul className="plans">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} section={section} />
        ))}
      </ul>
    </SectionFrame>
  );
}
