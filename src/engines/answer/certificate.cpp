// The certificate's status words (certificate.hpp).
#include "engines/answer/certificate.hpp"

namespace carve::encoder {

const char* status_name(NoWinCertificate::Status s) {
  switch (s) {
    case NoWinCertificate::Status::Accepted: return "accepted";
    case NoWinCertificate::Status::Rejected: return "rejected";
    case NoWinCertificate::Status::Satisfiable: return "satisfiable";
    case NoWinCertificate::Status::LimitReached: return "limit reached";
    case NoWinCertificate::Status::CannotWrite: return "cannot write";
    case NoWinCertificate::Status::Inexact: return "inexact";
    case NoWinCertificate::Status::FormulaOnly: return "formula only";
  }
  return "?";
}

}  // namespace carve::encoder
