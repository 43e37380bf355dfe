import {
  AirVent,
  Cable,
  Camera,
  Flower2,
  Frame,
  Lightbulb,
  Megaphone,
  MonitorPlay,
  Presentation,
  Sofa,
  Sparkles,
  Speaker,
  Video,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { CategoryId } from "~/domain/catalogue/constants";

const ICONS: Record<CategoryId, LucideIcon> = {
  lighting: Lightbulb,
  sound: Speaker,
  video: Video,
  led: MonitorPlay,
  photo: Camera,
  stage: Presentation,
  furniture: Sofa,
  decoration: Flower2,
  truss: Frame,
  climate: AirVent,
  power: Zap,
  accessories: Cable,
  branding: Megaphone,
  fx: Sparkles,
};

export function CategoryIcon({
  category,
  size = 24,
  className,
}: {
  category: CategoryId;
  size?: number;
  className?: string;
}) {
  const Icon = ICONS[category];
  return <Icon aria-hidden size={size} className={className} />;
}
