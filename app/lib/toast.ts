export type Toast = {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};
