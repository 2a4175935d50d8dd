import { z } from "zod";
import { LOGIN_PASSWORD_MIN_LENGTH } from "~/lib/constants";

export const LOGIN_REQUIRED_MESSAGE = "Email and password are required";

/** SPEC section 5 Login: both fields non-blank, password at least 6 characters. */
export const loginSchema = z
  .object({
    email: z.string().trim().max(254, "Please enter a valid email address"),
    password: z.string().max(1024, "That password is too long"),
  })
  .superRefine((value, ctx) => {
    if (value.email === "" || value.password.trim() === "") {
      ctx.addIssue({ code: "custom", message: LOGIN_REQUIRED_MESSAGE, path: ["form"] });
      return;
    }
    if (!z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: "custom", message: "Please enter a valid email address", path: ["email"] });
    }
    if (value.password.length < LOGIN_PASSWORD_MIN_LENGTH) {
      ctx.addIssue({
        code: "custom",
        message: `Password must be at least ${LOGIN_PASSWORD_MIN_LENGTH} characters`,
        path: ["password"],
      });
    }
  });
